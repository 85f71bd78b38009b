import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import {
  asTokenUser,
  booleanQuery,
  choice,
  choiceField,
  noContent,
  ok,
  page,
  repeated,
  required,
  requirePartnerOrAffiliate,
  type RouteRow,
} from '../helix';
import {
  type ChannelPointsState,
  DEFAULT_BACKGROUND,
  MAX_REWARDS,
  readRewardFields,
  type CustomRewardRecord,
  type RedeemOptions,
  type RedemptionRecord,
  type RedemptionStatus,
} from './channel-points-state';

export { ChannelPointsState } from './channel-points-state';
export type { CustomRewardRecord, RedeemOptions, RedemptionRecord, RedemptionStatus } from './channel-points-state';

/*
 * The channel points group (Create Custom Rewards, Delete Custom Reward, Get Custom Reward, Get
 * Custom Reward Redemption, Update Custom Reward, Update Redemption Status), written from the
 * platform's reference. Rewards are created, changed and deleted through the API
 * (`channel.channel_points_custom_reward.add` / `.update` / `.remove`); only the app (client ID)
 * that created a reward may change it, delete it or see and settle its redemptions (403). Viewers
 * redeem through `mock.channelPoints.redeem()` (`channel.channel_points_custom_reward_redemption.add`);
 * Update Redemption Status fulfills or cancels them (`.update`). Every route is for partners and
 * affiliates only (403).
 */

/** What tests can do with channel points that no API call does. */
export interface ChannelPointsControl {
  /**
   * A viewer redeems a custom reward: the redemption is UNFULFILLED (FULFILLED when the reward
   * skips the request queue) and `channel.channel_points_custom_reward_redemption.add` is raised.
   * Throws, as the platform refuses the viewer, when the reward is unknown, disabled, paused, out
   * of stock for the stream, cooling down, past the viewer's per-stream maximum, or needs input
   * that is missing.
   */
  redeem(broadcasterId: string, rewardId: string, userId: string, options?: RedeemOptions): Readonly<RedemptionRecord>;
  /** A reward by ID; undefined when unknown (or deleted). */
  reward(rewardId: string): Readonly<CustomRewardRecord> | undefined;
  /** A redemption by ID; undefined when unknown. */
  redemption(redemptionId: string): Readonly<RedemptionRecord> | undefined;
}

const MAX_REWARD_IDS = 50;
const MAX_REDEMPTION_IDS = 50;
const REDEMPTION_PAGE = { defaultFirst: 20, maxFirst: 50 };
const REDEMPTION_STATUSES: readonly RedemptionStatus[] = ['CANCELED', 'FULFILLED', 'UNFULFILLED'];

/** The channel points routes: Create, Delete, Get and Update Custom Reward(s), Get Custom Reward Redemption, Update Redemption Status. */
export const channelPointsRoutes: readonly RouteRow<ChannelPointsState>[] = [
  {
    method: 'POST',
    path: '/channel_points/custom_rewards',
    token: 'user',
    scopes: ['channel:manage:redemptions'],
    query: ['broadcaster_id'],
    body: ['title', 'cost'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', ({ request, token, userId, context }, points) => {
      requirePartnerOrAffiliate(context, userId);
      const existing = points.rewardsOf(userId);
      const fields = readRewardFields(request.body as Record<string, unknown>, undefined, existing, false);
      if (existing.length >= MAX_REWARDS) throw new HttpError(400, `The channel already has the maximum of ${MAX_REWARDS} custom rewards, enabled and disabled together.`);
      const reward: CustomRewardRecord = {
        title: '',
        prompt: '',
        cost: 1,
        background_color: DEFAULT_BACKGROUND,
        is_enabled: true,
        is_user_input_required: false,
        is_max_per_stream_enabled: false,
        max_per_stream: 0,
        is_max_per_user_per_stream_enabled: false,
        max_per_user_per_stream: 0,
        is_global_cooldown_enabled: false,
        global_cooldown_seconds: 0,
        should_redemptions_skip_request_queue: false,
        ...fields,
        is_paused: false,
        id: context.state.id(),
        broadcaster_id: userId,
        client_id: token.clientId,
        created_at: context.now(),
      };
      points.rewards.set(reward.id, reward);
      points.raiseReward('add', reward);
      return ok([points.rewardBody(reward)]);
    }),
  },
  {
    method: 'DELETE',
    path: '/channel_points/custom_rewards',
    token: 'user',
    scopes: ['channel:manage:redemptions'],
    query: ['broadcaster_id', 'id'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', (call, points) => {
      requirePartnerOrAffiliate(call.context, call.userId);
      const reward = points.manageable(call, call.userId, 'id');
      // Redemptions still waiting in the queue are marked FULFILLED.
      for (const redemption of points.redemptions.values()) {
        if (redemption.reward_id === reward.id && redemption.status === 'UNFULFILLED') redemption.status = 'FULFILLED';
      }
      points.rewards.delete(reward.id);
      points.raiseReward('remove', reward);
      return noContent();
    }),
  },
  {
    method: 'GET',
    path: '/channel_points/custom_rewards',
    token: 'user',
    scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
    query: ['broadcaster_id'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', ({ request, token, userId, context }, points) => {
      const ids = new Set(repeated(request, 'id', MAX_REWARD_IDS));
      const onlyManageable = booleanQuery(request, 'only_manageable_rewards') ?? false;
      requirePartnerOrAffiliate(context, userId);
      const listed = points
        .rewardsOf(userId)
        .filter((reward) => (ids.size === 0 || ids.has(reward.id)) && (!onlyManageable || reward.client_id === token.clientId));
      if (ids.size > 0 && listed.length === 0) throw new HttpError(404, 'All of the custom rewards specified using the id query parameter were not found.');
      return ok(listed.map((reward) => points.rewardBody(reward)));
    }),
  },
  {
    method: 'PATCH',
    path: '/channel_points/custom_rewards',
    token: 'user',
    scopes: ['channel:manage:redemptions'],
    query: ['broadcaster_id', 'id'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', (call, points) => {
      requirePartnerOrAffiliate(call.context, call.userId);
      const reward = points.manageable(call, call.userId, 'id');
      const body = (call.request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object of the fields to update');
      const changes = readRewardFields(body, reward, points.rewardsOf(call.userId), true);
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== reward[key]);
      Object.assign(reward, changes);
      if (changed) points.raiseReward('update', reward);
      return ok([points.rewardBody(reward)]);
    }),
  },
  {
    method: 'GET',
    path: '/channel_points/custom_rewards/redemptions',
    token: 'user',
    scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
    query: ['broadcaster_id', 'reward_id'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', (call, points) => {
      const { request, userId, context } = call;
      const ids = new Set(repeated(request, 'id', MAX_REDEMPTION_IDS));
      if (ids.size === 0) required(request, 'status');
      const status = request.query.get('status');
      if (status !== null && !(REDEMPTION_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(400, `The value in the status query parameter is not valid: it must be one of ${REDEMPTION_STATUSES.join(', ')}`);
      }
      const sort = choice(request, 'sort', ['OLDEST', 'NEWEST'], 'OLDEST');
      requirePartnerOrAffiliate(context, userId);
      const reward = points.manageable(call, userId, 'reward_id');
      const listed = [...points.redemptions.values()].filter(
        (redemption) => redemption.reward_id === reward.id && (ids.size === 0 || ids.has(redemption.id)) && (status === null || redemption.status === status),
      );
      if (ids.size > 0 && listed.length === 0) throw new HttpError(404, 'All of the redemptions specified using the id query parameter were not found.');
      if (sort === 'NEWEST') listed.reverse();
      const { data, pagination } = page(request, listed, REDEMPTION_PAGE);
      return ok(
        data.map((redemption) => points.redemptionBody(redemption)),
        { pagination },
      );
    }),
  },
  {
    method: 'PATCH',
    path: '/channel_points/custom_rewards/redemptions',
    token: 'user',
    scopes: ['channel:manage:redemptions'],
    query: ['broadcaster_id', 'reward_id', 'id'],
    body: ['status'],
    handle: asTokenUser<ChannelPointsState>('broadcaster_id', (call, points) => {
      const ids = new Set(repeated(call.request, 'id', MAX_REDEMPTION_IDS));
      const status = choiceField((call.request.body as Record<string, unknown>).status, 'status', ['CANCELED', 'FULFILLED'] as const);
      requirePartnerOrAffiliate(call.context, call.userId);
      const reward = points.manageable(call, call.userId, 'reward_id');
      const updated = [...ids]
        .map((id) => points.redemptions.get(id))
        .filter((redemption) => redemption !== undefined && redemption.reward_id === reward.id && redemption.status === 'UNFULFILLED') as RedemptionRecord[];
      if (updated.length === 0) {
        throw new HttpError(404, "The redemptions specified using the id query parameter were not found or their statuses weren't marked as UNFULFILLED.");
      }
      for (const redemption of updated) {
        redemption.status = status;
        points.raiseRedemption('update', redemption);
      }
      return ok(updated.map((redemption) => points.redemptionBody(redemption)));
    }),
  },
];

/** The channel points controls: `mock.channelPoints.*` and `/mock/channelPoints.*`. */
export const channelPointsControls: ControlTable<ChannelPointsState, ChannelPointsControl> = {
  redeem: {
    params: ['broadcasterId: string', 'rewardId: string', 'userId: string', 'options?: RedeemOptions'],
    does: 'A viewer redeems a custom reward: the redemption is UNFULFILLED (FULFILLED when the reward skips the request queue) and `channel.channel_points_custom_reward_redemption.add` is raised.',
    run: (points, broadcasterId, rewardId, userId, options) => points.redeem(broadcasterId, rewardId, userId, options),
  },
  reward: {
    params: ['rewardId: string'],
    does: 'A reward by ID; undefined when unknown (or deleted).',
    run: (points, rewardId) => points.reward(rewardId),
  },
  redemption: {
    params: ['redemptionId: string'],
    does: 'A redemption by ID; undefined when unknown.',
    run: (points, redemptionId) => points.redemption(redemptionId),
  },
};
