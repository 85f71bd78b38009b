import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `removeVip`. */
export interface RemoveVipParams {
  /** The channel; defaults to the user whose token is used. */
  broadcaster_id?: string;
  /** The VIP to remove. */
  user_id: string;
}

/** The declaration of `moderation.removeVip`: DELETE /channels/vips, everything in the query. */
export const removeVipOperation = /* @__PURE__ */ defineOperation<RemoveVipParams, void>({
  name: 'moderation.removeVip',
  method: 'DELETE',
  path: '/channels/vips',
  token: 'user',
  scopes: ['channel:manage:vips'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Takes VIP status away from a user. The broadcaster does it for any VIP; a VIP can step down by
 * passing the channel's `broadcaster_id` and acting as themselves (`{ as: vipId }`).
 *
 * Token: user (the broadcaster's, or the VIP's own); scope `channel:manage:vips`.
 * Limits: 10 changes per 10 seconds (the platform answers 429 past it).
 *
 * @platformName Remove Channel VIP
 * @throws PlatformError when `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses (422: not a VIP; 429).
 * @example
 * await removeVip(client, { user_id: '5678' });
 * await removeVip(client, { broadcaster_id: '1234', user_id: '5678' }, { as: '5678' }); // the VIP steps down
 */
export function removeVip(client: ClientHandle, params: RemoveVipParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, removeVipOperation, params, options);
}
