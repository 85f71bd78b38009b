import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { hostScopes } from '../scopes';
import type { GuestStarSession } from '../types';

/**
 * Parameters of `createSession()`.
 *
 * Beta: the platform may change this operation.
 */
export interface CreateSessionParams {
  /** The host; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
}

/**
 * `POST /guest_star/session`: starts a guest star session.
 *
 * Beta: the platform may change this operation.
 */
export const createSessionOperation = /* @__PURE__ */ defineOperation<CreateSessionParams, GuestStarSession>({
  name: 'guestStar.createSession',
  method: 'POST',
  path: '/guest_star/session',
  token: 'user',
  scopes: hostScopes,
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Starts a guest star session with the host as its only member. The host must be in the call
 * interface, otherwise the platform ends the call by itself.
 *
 * Beta: the platform may change this operation.
 *
 * Token: the broadcaster's user token with channel:manage:guest_star. `broadcaster_id` defaults
 * to the user whose token is used.
 *
 * @platformName Create Guest Star Session
 * @throws PlatformError when a parameter has the wrong type, before anything is sent; also when
 *   the platform answers with no data.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token lacks channel:manage:guest_star.
 * @throws PlatformApiError when the platform refuses the call (400: a session is already running;
 * 409: the broadcaster is already in another session).
 * @example
 * const { id } = await createSession(client);
 */
export function createSession(client: ClientHandle, params: CreateSessionParams = {}, options?: RequestOptions): Promise<GuestStarSession> {
  return callOperation(client, createSessionOperation, params, options);
}
