import { callOperation, defineOperation, envelopeResult, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatEmoteList, ChatSetEmote } from '../types';

/** Parameters of `emoteSets`. */
export interface EmoteSetsParams {
  /** One emote set ID or a list of any length; a long list is split into requests of 25. */
  emote_set_id: string | string[];
}

/** Declaration of `chat.emoteSets`: GET /chat/emotes/set, either token, no scope; 25 sets per request. */
export const emoteSetsOperation = /* @__PURE__ */ defineOperation<EmoteSetsParams, ChatEmoteList<ChatSetEmote>>({
  name: 'chat.emoteSets',
  method: 'GET',
  path: '/chat/emotes/set',
  token: 'either',
  scopes: [],
  params: {
    emote_set_id: { type: idsParam, in: 'query', required: true, chunk: 25 },
  },
  result: envelopeResult,
});

/**
 * Gets the emotes of one or more emote sets, with the image address `template`; unknown sets are
 * left out.
 *
 * Token: app or user; no scope.
 * Limits: the platform takes 25 sets per request; a longer list is sent as several requests and
 * the emotes are joined in order.
 *
 * @platformName Get Emote Sets
 * @throws PlatformError when `emote_set_id` is missing, empty or holds an empty ID (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { data } = await emoteSets(client, { emote_set_id: ['0', '300374282'] });
 */
export function emoteSets(client: ClientHandle, params: EmoteSetsParams, options?: RequestOptions): Promise<ChatEmoteList<ChatSetEmote>> {
  return callOperation(client, emoteSetsOperation, params, options);
}
