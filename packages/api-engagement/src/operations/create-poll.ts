import { booleanParam, callOperation, defineOperation, firstResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkOnlyWith, titledItemsParam } from '../rules';
import type { Poll } from '../types';

/** Parameters of `createPoll`. */
export interface CreatePollParams {
  /** The broadcaster running the poll; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The question, 1 to 60 characters. */
  title: string;
  /** The choices, 2 to 5, each title 1 to 25 characters. */
  choices: {
    /** The choice's title, 1 to 25 characters. */
    title: string;
  }[];
  /** How long the poll runs, 15 to 1800 whole seconds. */
  duration: number;
  /** Whether viewers may buy extra votes with Channel Points (the platform's default is false: one vote each). */
  channel_points_voting_enabled?: boolean;
  /** What one extra vote costs, 1 to 1000000 Channel Points; only with `channel_points_voting_enabled` true. */
  channel_points_per_vote?: number;
}

/** Declaration of `polls.createPoll`: POST /polls, user token, channel:manage:polls; a JSON body. */
export const createPollOperation = /* @__PURE__ */ defineOperation<CreatePollParams, Poll>({
  name: 'polls.createPoll',
  method: 'POST',
  path: '/polls',
  token: 'user',
  scopes: ['channel:manage:polls'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body' },
    title: { type: stringParam, in: 'body', required: true, minLength: 1, maxLength: 60 },
    choices: { type: titledItemsParam(25), in: 'body', required: true, minLength: 2, maxLength: 5 },
    duration: { type: numberParam, in: 'body', required: true, integer: true, min: 15, max: 1800 },
    channel_points_voting_enabled: { type: booleanParam, in: 'body' },
    channel_points_per_vote: { type: numberParam, in: 'body', integer: true, min: 1, max: 1000000 },
  },
  result: firstResult,
});

/**
 * Starts a poll in the broadcaster's channel; it runs at once. A channel runs one poll at a time.
 * Resolves with the poll, whose choices now have IDs.
 *
 * Token: user (the broadcaster's); channel:manage:polls.
 * Limits: `title` 1 to 60 characters; `choices` 2 to 5, each title 1 to 25 characters;
 * `duration` 15 to 1800 seconds; `channel_points_per_vote` 1 to 1000000, and only with
 * `channel_points_voting_enabled` true; numbers whole.
 *
 * @platformName Create Poll
 * @throws PlatformError when a limit is broken or `title`, `choices` or `duration` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when a poll is already running
 * or a choice fails AutoMod).
 * @example
 * const poll = await createPoll(client, { title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], duration: 60 });
 */
export async function createPoll(client: ClientHandle, params: CreatePollParams, options?: RequestOptions): Promise<Poll> {
  params = ownParams(params); // its rules read what is sent
  checkOnlyWith(createPollOperation.name, params, 'channel_points_per_vote', 'channel_points_voting_enabled', true);
  return await callOperation(client, createPollOperation, params, options);
}
