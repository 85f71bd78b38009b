import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `addVip`. */
export interface AddVipParams {
  /** The channel; defaults to the user whose token is used (and must be that user). */
  broadcaster_id?: string;
  /** The user to make a VIP. */
  user_id: string;
}

/** The declaration of `moderation.addVip`: POST /channels/vips, everything in the query. */
export const addVipOperation = /* @__PURE__ */ defineOperation<AddVipParams, void>({
  name: 'moderation.addVip',
  method: 'POST',
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
 * Makes a user a VIP of the broadcaster's channel. A moderator must lose that role first, and a
 * VIP slot must be free.
 *
 * Token: user (the broadcaster's); scope `channel:manage:vips`.
 * Limits: 10 changes per 10 seconds (the platform answers 429 past it).
 *
 * @platformName Add Channel VIP
 * @throws PlatformError when `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses (409: no VIP slot free; 422: a moderator or already a VIP; 425: the channel may not have VIPs yet; 429).
 * @example
 * await addVip(client, { user_id: '5678' });
 */
export function addVip(client: ClientHandle, params: AddVipParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, addVipOperation, params, options);
}
