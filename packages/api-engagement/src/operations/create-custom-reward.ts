import { booleanParam, callOperation, defineOperation, firstResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CustomReward } from '../types';

/** Parameters of `createCustomReward`. */
export interface CreateCustomRewardParams {
  /** The broadcaster (a partner or affiliate); defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The reward's title, 1 to 45 characters, unique among the broadcaster's rewards. */
  title: string;
  /** The cost in Channel Points, a whole number, at least 1. */
  cost: number;
  /** The prompt shown when the viewer redeems the reward, at most 200 characters; give one with `is_user_input_required`. */
  prompt?: string;
  /** Whether viewers see the reward (the platform's default is true). */
  is_enabled?: boolean;
  /** The background color in hex format, for example `#9147FF`. */
  background_color?: string;
  /** Whether the viewer must type something when redeeming (the platform's default is false). */
  is_user_input_required?: boolean;
  /** Whether `max_per_stream` applies (the platform's default is false). */
  is_max_per_stream_enabled?: boolean;
  /** The most redemptions per live stream, at least 1; applied with `is_max_per_stream_enabled` true. */
  max_per_stream?: number;
  /** Whether `max_per_user_per_stream` applies (the platform's default is false). */
  is_max_per_user_per_stream_enabled?: boolean;
  /** The most redemptions per user per live stream, at least 1; applied with `is_max_per_user_per_stream_enabled` true. */
  max_per_user_per_stream?: number;
  /** Whether `global_cooldown_seconds` applies (the platform's default is false). */
  is_global_cooldown_enabled?: boolean;
  /** The cooldown between redemptions in seconds, at least 1 (the platform's pages show it from 60); applied with `is_global_cooldown_enabled` true. */
  global_cooldown_seconds?: number;
  /** Whether redemptions are FULFILLED at once instead of waiting in the request queue (the platform's default is false). */
  should_redemptions_skip_request_queue?: boolean;
}

/** Declaration of `channelPoints.createCustomReward`: POST /channel_points/custom_rewards, user token, channel:manage:redemptions. */
export const createCustomRewardOperation = /* @__PURE__ */ defineOperation<CreateCustomRewardParams, CustomReward>({
  name: 'channelPoints.createCustomReward',
  method: 'POST',
  path: '/channel_points/custom_rewards',
  token: 'user',
  scopes: ['channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    title: { type: stringParam, in: 'body', required: true, minLength: 1, maxLength: 45 },
    cost: { type: numberParam, in: 'body', required: true, integer: true, min: 1 },
    prompt: { type: stringParam, in: 'body', maxLength: 200 },
    is_enabled: { type: booleanParam, in: 'body' },
    background_color: { type: 'string', in: 'body' },
    is_user_input_required: { type: booleanParam, in: 'body' },
    is_max_per_stream_enabled: { type: booleanParam, in: 'body' },
    max_per_stream: { type: numberParam, in: 'body', integer: true, min: 1 },
    is_max_per_user_per_stream_enabled: { type: booleanParam, in: 'body' },
    max_per_user_per_stream: { type: numberParam, in: 'body', integer: true, min: 1 },
    is_global_cooldown_enabled: { type: booleanParam, in: 'body' },
    global_cooldown_seconds: { type: numberParam, in: 'body', integer: true, min: 1 },
    should_redemptions_skip_request_queue: { type: booleanParam, in: 'body' },
  },
  result: firstResult,
});

/**
 * Creates a custom Channel Points reward in the broadcaster's channel. Only the app that created
 * a reward may later update or delete it and manage its redemptions. A channel holds at most 50
 * rewards, enabled or not.
 *
 * Token: user (the broadcaster's); channel:manage:redemptions.
 * Limits: `title` 1 to 45 characters; `cost` at least 1; `prompt` at most 200 characters;
 * `max_per_stream`, `max_per_user_per_stream` and `global_cooldown_seconds` at least 1; all
 * numbers whole.
 *
 * @platformName Create Custom Rewards
 * @throws PlatformError when a limit is broken or `title` or `cost` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a title already used or a
 * channel holding 50 rewards; 403 when the broadcaster is not a partner or affiliate).
 * @example
 * const reward = await createCustomReward(client, { title: 'Hydrate!', cost: 500, is_user_input_required: true, prompt: 'Which drink?' });
 */
export function createCustomReward(client: ClientHandle, params: CreateCustomRewardParams, options?: RequestOptions): Promise<CustomReward> {
  return callOperation(client, createCustomRewardOperation, params, options);
}
