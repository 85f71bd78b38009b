import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ExtensionLiveChannel } from '../types';
import { oauthOptions } from '../extension-jwt';

/** Parameters of `extensionLiveChannels`. */
export interface ExtensionLiveChannelsParams {
  /** The extension whose live channels are listed. */
  extension_id: string;
  /** Page size, a whole number from 1; the platform's reference gives no maximum. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `extensions.extensionLiveChannels`: GET /extensions/live, either token, no scope. */
export const extensionLiveChannelsOperation = /* @__PURE__ */ defineOperation<ExtensionLiveChannelsParams, ExtensionLiveChannel>({
  name: 'extensions.extensionLiveChannels',
  method: 'GET',
  path: '/extensions/live',
  token: 'either',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    first: { type: numberParam, in: 'query', min: 1, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the broadcasters streaming live with the extension installed or active. The list follows
 * streams going live or ending with a delay of a few minutes. The platform's cursor is a plain
 * string here (not a `pagination` object); the paginator reads both.
 *
 * Token: app or user; no scope.
 * Limits: `first` a whole number, at least 1.
 *
 * @platformName Get Extension Live Channels
 * @throws PlatformError when `first` is broken or `extension_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (404 when the extension is unknown or in no live stream).
 * @example
 * for await (const channel of extensionLiveChannels(client, { extension_id: 'abc' })) console.log(channel.broadcaster_name, channel.title);
 */
export function extensionLiveChannels(client: ClientHandle, params: ExtensionLiveChannelsParams, options?: RequestOptions): Paginator<ExtensionLiveChannel, OperationPage<ExtensionLiveChannel>> {
  return paginateOperation(client, extensionLiveChannelsOperation, params, oauthOptions(extensionLiveChannelsOperation, options));
}
