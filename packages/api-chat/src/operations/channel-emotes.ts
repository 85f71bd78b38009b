import { callOperation, defineOperation, envelopeResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatChannelEmote, ChatEmoteList } from '../types';

/** Parameters of `channelEmotes`. */
export interface ChannelEmotesParams {
  /** The channel whose emotes are listed. */
  broadcaster_id: string;
}

/** Declaration of `chat.channelEmotes`: GET /chat/emotes, either token, no scope. */
export const channelEmotesOperation = /* @__PURE__ */ defineOperation<ChannelEmotesParams, ChatEmoteList<ChatChannelEmote>>({
  name: 'chat.channelEmotes',
  method: 'GET',
  path: '/chat/emotes',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: envelopeResult,
});

/**
 * Gets a channel's own emotes (subscriber, follower and bits tier emotes), with the image
 * address `template`.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Channel Emotes
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { data, template } = await channelEmotes(client, { broadcaster_id: '1234' });
 */
export function channelEmotes(client: ClientHandle, params: ChannelEmotesParams, options?: RequestOptions): Promise<ChatEmoteList<ChatChannelEmote>> {
  return callOperation(client, channelEmotesOperation, params, options);
}
