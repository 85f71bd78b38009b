import { booleanParam, callOperation, defineOperation, firstResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CustomReward } from '../types';

/** Parameters of `updateCustomReward`: the reward, then only the fields to change. */
export interface UpdateCustomRewardParams {
  /** The broadcaster who owns the reward; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The reward to change. */
  id: string;
  /** The title, 1 to 45 characters, unique among the broadcaster's rewards. */
  title?: string;
  /** The prompt shown when the viewer redeems the reward, at most 200 characters. */
  prompt?: string;
  /** The cost in Channel Points, a whole number, at least 1. */
  cost?: number;
  /** The background color in hex format, for example `#00E5CB`. */
  background_color?: string;
  /** Whether viewers see the reward. */
  is_enabled?: boolean;
  /** Whether the viewer must type something when redeeming. */
  is_user_input_required?: boolean;
  /** Whether `max_per_stream` applies. */
  is_max_per_stream_enabled?: boolean;
  /** The most redemptions per live stream, at least 1; applied with `is_max_per_stream_enabled` true. */
  max_per_stream?: number;
  /** Whether `max_per_user_per_stream` applies. */
  is_max_per_user_per_stream_enabled?: boolean;
  /** The most redemptions per user per live stream, at least 1; applied with `is_max_per_user_per_stream_enabled` true. */
  max_per_user_per_stream?: number;
  /** Whether `global_cooldown_seconds` applies. */
  is_global_cooldown_enabled?: boolean;
  /** The cooldown between redemptions, 1 to 604800 seconds (7 days); applied with `is_global_cooldown_enabled` true. */
  global_cooldown_seconds?: number;
  /** true pauses the reward: viewers cannot redeem it. */
  is_paused?: boolean;
  /** Whether redemptions are FULFILLED at once instead of waiting in the request queue. */
  should_redemptions_skip_request_queue?: boolean;
}

/** Declaration of `channelPoints.updateCustomReward`: PATCH /channel_points/custom_rewards, user token, channel:manage:redemptions. */
export const updateCustomRewardOperation = /* @__PURE__ */ defineOperation<UpdateCustomRewardParams, CustomReward>({
  name: 'channelPoints.updateCustomReward',
  method: 'PATCH',
  path: '/channel_points/custom_rewards',
  token: 'user',
  scopes: ['channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query', required: true },
    title: { type: stringParam, in: 'body', minLength: 1, maxLength: 45 },
    prompt: { type: stringParam, in: 'body', maxLength: 200 },
    cost: { type: numberParam, in: 'body', integer: true, min: 1 },
    background_color: { type: 'string', in: 'body' },
    is_enabled: { type: booleanParam, in: 'body' },
    is_user_input_required: { type: booleanParam, in: 'body' },
    is_max_per_stream_enabled: { type: booleanParam, in: 'body' },
    max_per_stream: { type: numberParam, in: 'body', integer: true, min: 1 },
    is_max_per_user_per_stream_enabled: { type: booleanParam, in: 'body' },
    max_per_user_per_stream: { type: numberParam, in: 'body', integer: true, min: 1 },
    is_global_cooldown_enabled: { type: booleanParam, in: 'body' },
    global_cooldown_seconds: { type: numberParam, in: 'body', integer: true, min: 1, max: 604800 },
    is_paused: { type: booleanParam, in: 'body' },
    should_redemptions_skip_request_queue: { type: booleanParam, in: 'body' },
  },
  result: firstResult,
});

/**
 * Changes a custom reward; only the fields given are sent. Only the app that created the reward
 * may change it. Resolves with the reward as it is now.
 *
 * Token: user (the broadcaster's); channel:manage:redemptions.
 * Limits: `title` 1 to 45 characters; `prompt` at most 200 characters; `cost`, `max_per_stream`
 * and `max_per_user_per_stream` at least 1; `global_cooldown_seconds` 1 to 604800; all numbers
 * whole.
 *
 * @platformName Update Custom Reward
 * @throws PlatformError when a limit is broken or `id` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a title already used; 403
 * when another app created the reward; 404 when the reward is unknown).
 * @example
 * await updateCustomReward(client, { id: reward.id, is_paused: true });
 */
export function updateCustomReward(client: ClientHandle, params: UpdateCustomRewardParams, options?: RequestOptions): Promise<CustomReward> {
  return callOperation(client, updateCustomRewardOperation, params, options);
}
