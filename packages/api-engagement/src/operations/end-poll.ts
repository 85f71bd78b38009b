import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Poll } from '../types';

/** Parameters of `endPoll`. */
export interface EndPollParams {
  /** The broadcaster running the poll; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The poll to end; it must be ACTIVE. */
  id: string;
  /** `TERMINATED`: ended, results still shown; `ARCHIVED`: ended and hidden from the channel. */
  status: 'TERMINATED' | 'ARCHIVED';
}

/** Declaration of `polls.endPoll`: PATCH /polls, user token, channel:manage:polls; a JSON body. */
export const endPollOperation = /* @__PURE__ */ defineOperation<EndPollParams, Poll>({
  name: 'polls.endPoll',
  method: 'PATCH',
  path: '/polls',
  token: 'user',
  scopes: ['channel:manage:polls'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body' },
    id: { type: 'string', in: 'body', required: true },
    status: { type: stringParam, in: 'body', required: true, oneOf: ['TERMINATED', 'ARCHIVED'] },
  },
  result: firstResult,
});

/**
 * Ends a running poll before its time, keeping its results visible (`TERMINATED`) or hiding it
 * (`ARCHIVED`). Resolves with the poll as it ended.
 *
 * Token: user (the broadcaster's); channel:manage:polls.
 * Limits: `status` `TERMINATED` or `ARCHIVED`.
 *
 * @platformName End Poll
 * @throws PlatformError when `id` or `status` is missing or `status` is another value (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when the poll is not ACTIVE).
 * @example
 * const ended = await endPoll(client, { id: poll.id, status: 'TERMINATED' });
 */
export function endPoll(client: ClientHandle, params: EndPollParams, options?: RequestOptions): Promise<Poll> {
  return callOperation(client, endPollOperation, params, options);
}
