import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ModeratedChannel } from '../types';

/** Parameters of `moderatedChannels`. */
export interface ModeratedChannelsParams {
  /** The moderator; defaults to the user whose token is used (and must be that user). */
  user_id?: string;
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
}

/** The declaration of `moderation.moderatedChannels`: GET /moderation/channels. */
export const moderatedChannelsOperation = /* @__PURE__ */ defineOperation<ModeratedChannelsParams, ModeratedChannel>({
  name: 'moderation.moderatedChannels',
  method: 'GET',
  path: '/moderation/channels',
  token: 'user',
  scopes: ['user:read:moderated_channels'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the channels the user moderates, as a paginator.
 *
 * Token: user; scope `user:read:moderated_channels`.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Moderated Channels
 * @throws PlatformError when `first` is out of range, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * for await (const channel of moderatedChannels(client)) console.log(channel.broadcaster_login);
 */
export function moderatedChannels(
  client: ClientHandle,
  params: ModeratedChannelsParams = {},
  options?: RequestOptions,
): Paginator<ModeratedChannel, OperationPage<ModeratedChannel>> {
  return paginateOperation(client, moderatedChannelsOperation, params, options);
}
