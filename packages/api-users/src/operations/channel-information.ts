import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChannelInformation } from '../types';

/** Parameters of `channelInformation`. */
export interface ChannelInformationParams {
  /** One broadcaster ID or a list of any length; a long list is split into requests of 100. */
  broadcaster_id: string | string[];
}

/** Declaration of `channels.channelInformation`: GET /channels, either token, no scope; 100 channels per request. */
export const channelInformationOperation = /* @__PURE__ */ defineOperation<ChannelInformationParams, ChannelInformation[]>({
  name: 'channels.channelInformation',
  method: 'GET',
  path: '/channels',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: idsParam, in: 'query', required: true, chunk: 100 },
  },
  result: dataResult,
});

/**
 * Gets the information of channels: title, game, language, tags, content classification labels.
 * Unknown and repeated IDs are left out by the platform. `delay` is 0 unless the call uses the
 * broadcaster's own user token.
 *
 * Token: app or user; no scope.
 * Limits: the platform takes 100 broadcasters per request; a longer list is sent as several
 * requests and the channels are joined in order.
 *
 * @platformName Get Channel Information
 * @throws PlatformError when `broadcaster_id` is missing, empty or holds an empty ID (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const [channel] = await channelInformation(client, { broadcaster_id: '1234' });
 * console.log(channel?.title, channel?.game_name);
 */
export function channelInformation(client: ClientHandle, params: ChannelInformationParams, options?: RequestOptions): Promise<ChannelInformation[]> {
  return callOperation(client, channelInformationOperation, params, options);
}
