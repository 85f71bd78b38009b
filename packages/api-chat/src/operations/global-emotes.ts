import { callOperation, defineOperation, envelopeResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatEmote, ChatEmoteList } from '../types';

/** Parameters of `globalEmotes`: none. */
export type GlobalEmotesParams = Record<string, never>;

/** Declaration of `chat.globalEmotes`: GET /chat/emotes/global, either token, no scope. */
export const globalEmotesOperation = /* @__PURE__ */ defineOperation<GlobalEmotesParams, ChatEmoteList<ChatEmote>>({
  name: 'chat.globalEmotes',
  method: 'GET',
  path: '/chat/emotes/global',
  token: 'either',
  scopes: [],
  params: {},
  result: envelopeResult,
});

/**
 * Gets the emotes every user can type in any chat, with the image address `template`.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Global Emotes
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { data, template } = await globalEmotes(client);
 */
export function globalEmotes(client: ClientHandle, params?: GlobalEmotesParams, options?: RequestOptions): Promise<ChatEmoteList<ChatEmote>> {
  return callOperation(client, globalEmotesOperation, params, options);
}
