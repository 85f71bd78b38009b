import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChannelEditor } from '../types';

/** Parameters of `channelEditors`. */
export interface ChannelEditorsParams {
  /** The channel; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
}

/** Declaration of `channels.channelEditors`: GET /channels/editors, user token, channel:read:editors. */
export const channelEditorsOperation = /* @__PURE__ */ defineOperation<ChannelEditorsParams, ChannelEditor[]>({
  name: 'channels.channelEditors',
  method: 'GET',
  path: '/channels/editors',
  token: 'user',
  scopes: ['channel:read:editors'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the users who may edit a broadcaster's channel; an empty list when there are none.
 *
 * Token: user only; channel:read:editors. `broadcaster_id` defaults to the token's user and must
 * be that user.
 *
 * @platformName Get Channel Editors
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (401 when `broadcaster_id` is not the token's user).
 * @example
 * for (const editor of await channelEditors(client)) console.log(editor.user_name, editor.created_at);
 */
export function channelEditors(client: ClientHandle, params?: ChannelEditorsParams, options?: RequestOptions): Promise<ChannelEditor[]> {
  return callOperation(client, channelEditorsOperation, params, options);
}
