import { arrayParam, callOperation, dataResult, defineOperation, type ClientHandle, type ParamKind, type RequestOptions } from '@platform/core';
import type { AutoModCheckMessage, AutoModCheckResult } from '../types';

/** Parameters of `checkAutoMod`. */
export interface CheckAutoModParams {
  /** The channel whose AutoMod judges; defaults to the user whose token is used (set it with the app token). */
  broadcaster_id?: string;
  /** The messages to check, 1 to 100. */
  data: AutoModCheckMessage[];
}

/** 1 to 100 messages, each `{ msg_id, msg_text }` (a non-empty ID and a text); `findIndex` reads holes too. */
const messagesParam: ParamKind = {
  name: 'array',
  check(spec, value) {
    const problem = arrayParam.check(spec, value);
    if (problem) return problem;
    const list = value as unknown[];
    const index = list.findIndex((item) => {
      const message = item as Partial<AutoModCheckMessage> | null | undefined;
      return typeof message !== 'object' || message === null || typeof message.msg_id !== 'string' || message.msg_id === '' || typeof message.msg_text !== 'string';
    });
    return index < 0 ? undefined : `must hold { msg_id, msg_text } messages, msg_id a non-empty string and msg_text a string (message ${index + 1} is ${JSON.stringify(list[index]) ?? 'undefined'})`;
  },
};

/**
 * The declaration of `moderation.checkAutoMod`: POST /moderation/enforcements/status, the
 * messages sent as an array under `data` in the body.
 */
export const checkAutoModOperation = /* @__PURE__ */ defineOperation<CheckAutoModParams, AutoModCheckResult[]>({
  name: 'moderation.checkAutoMod',
  method: 'POST',
  path: '/moderation/enforcements/status',
  token: 'either',
  scopes: ['moderation:read'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    data: { type: messagesParam, in: 'body', required: true, minLength: 1, maxLength: 100 },
  },
  result: dataResult,
});

/**
 * Checks whether AutoMod would let messages through to the broadcaster's chat, without posting
 * them. Resolves with one verdict per message, carrying the `msg_id` given.
 *
 * Token: app or user; scope `moderation:read`. With a user token, `broadcaster_id` is that user.
 * The app token works too, with `broadcaster_id` set to a broadcaster who granted the app
 * `moderation:read`.
 * Limits: 1 to 100 messages per call; the platform limits checks per channel, from 5 a minute for
 * a regular account to 30 for a partner (a 429 past it).
 *
 * @platformName Check AutoMod Status
 * @throws PlatformError when `data` is missing, holds no message or more than 100, or a message that is not `{ msg_id, msg_text }`, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: broadcaster_id is not the token's user; 429: too many checks).
 * @example
 * const [verdict] = await checkAutoMod(client, { data: [{ msg_id: 'a', msg_text: 'hello there' }] });
 * if (!verdict.is_permitted) console.warn('AutoMod would hold it');
 */
export function checkAutoMod(client: ClientHandle, params: CheckAutoModParams, options?: RequestOptions): Promise<AutoModCheckResult[]> {
  return callOperation(client, checkAutoModOperation, params, options);
}
