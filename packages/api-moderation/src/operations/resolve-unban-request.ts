import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UnbanRequest } from '../types';

/** Parameters of `resolveUnbanRequest`. */
export interface ResolveUnbanRequestParams {
  /** The channel the request was made to. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The request, from `unbanRequests` or the `channel.unban_request.create` event. */
  unban_request_id: string;
  /** `approved` unbans the requester; `denied` keeps the ban. */
  status: 'approved' | 'denied';
  /** The answer shown to the requester, at most 500 characters. */
  resolution_text?: string;
}

/**
 * The declaration of `moderation.resolveUnbanRequest`: PATCH /moderation/unban_requests, every
 * parameter in the query, the free text included.
 */
export const resolveUnbanRequestOperation = /* @__PURE__ */ defineOperation<ResolveUnbanRequestParams, UnbanRequest>({
  name: 'moderation.resolveUnbanRequest',
  method: 'PATCH',
  path: '/moderation/unban_requests',
  token: 'user',
  scopes: ['moderator:manage:unban_requests'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    unban_request_id: { type: 'string', in: 'query', required: true },
    status: { type: stringParam, in: 'query', required: true, oneOf: ['approved', 'denied'] },
    resolution_text: { type: stringParam, in: 'query', maxLength: 500 },
  },
  result: firstResult,
});

/**
 * Approves or denies an open unban request and resolves with the request as it now stands
 * (`resolved_at` and `resolution_text` set). Approving unbans the requester.
 *
 * Token: user; scope `moderator:manage:unban_requests`.
 * Limits: `resolution_text` at most 500 characters.
 *
 * @platformName Resolve Unban Requests
 * @throws PlatformError when a required parameter is missing, `status` is neither `approved` nor `denied`, or `resolution_text` is too long, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses (404: unknown request; 400: already resolved).
 * @example
 * await resolveUnbanRequest(client, { broadcaster_id: '1234', unban_request_id: request.id, status: 'approved', resolution_text: 'Welcome back' });
 */
export function resolveUnbanRequest(client: ClientHandle, params: ResolveUnbanRequestParams, options?: RequestOptions): Promise<UnbanRequest> {
  return callOperation(client, resolveUnbanRequestOperation, params, options);
}
