import { HttpError, type Router } from '../http';
import {
  asTokenUser,
  booleanQuery,
  choice,
  choiceField,
  noContent,
  ok,
  page,
  registerRoutes,
  repeated,
  required,
  requirePartnerOrAffiliate,
  route,
  type HelixContext,
  type RouteCall,
} from '../helix';
import {
  ChannelPointsStore,
  DEFAULT_BACKGROUND,
  MAX_REWARDS,
  readRewardFields,
  type CustomRewardRecord,
  type RedemptionRecord,
  type RedemptionStatus,
} from './channel-points-state';

export type { CustomRewardRecord, RedemptionRecord, RedemptionStatus } from './channel-points-state';

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

/** What `mock.channelPoints.redeem()` takes. */
export interface RedeemOptions {
  /** What the viewer typed at the prompt; required when the reward asks for input. */
  user_input?: string;
}

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

/** Registers the channel points routes and returns their controls. */
export function registerChannelPointRoutes(router: Router, context: HelixContext): ChannelPointsControl {
  const { state } = context;
  const store = new ChannelPointsStore(context);

  /** The reward named by the query parameter `name`, of the channel, for the app that created it (404, 403). */
  const manageable = (call: RouteCall, broadcasterId: string, name: 'id' | 'reward_id'): CustomRewardRecord => {
    const reward = store.rewards.get(required(call.request, name));
    if (!reward || reward.broadcaster_id !== broadcasterId) throw new HttpError(404, `The custom reward specified in the ${name} query parameter was not found.`);
    if (reward.client_id !== call.token.clientId) throw new HttpError(403, 'The ID in the Client-Id header must match the client ID used to create the custom reward.');
    return reward;
  };

  registerRoutes(router, context, [
    route({
      method: 'POST',
      path: '/channel_points/custom_rewards',
      token: 'user',
      scopes: ['channel:manage:redemptions'],
      query: ['broadcaster_id'],
      body: ['title', 'cost'],
      handle: asTokenUser('broadcaster_id', ({ request, token, userId }) => {
        requirePartnerOrAffiliate(context, userId);
        const existing = store.rewardsOf(userId);
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
          id: state.id(),
          broadcaster_id: userId,
          client_id: token.clientId,
          created_at: context.now(),
        };
        store.rewards.set(reward.id, reward);
        store.raiseReward('add', reward);
        return ok([store.rewardBody(reward)]);
      }),
    }),
    route({
      method: 'DELETE',
      path: '/channel_points/custom_rewards',
      token: 'user',
      scopes: ['channel:manage:redemptions'],
      query: ['broadcaster_id', 'id'],
      handle: asTokenUser('broadcaster_id', (call) => {
        requirePartnerOrAffiliate(context, call.userId);
        const reward = manageable(call, call.userId, 'id');
        // Redemptions still waiting in the queue are marked FULFILLED.
        for (const redemption of store.redemptions.values()) {
          if (redemption.reward_id === reward.id && redemption.status === 'UNFULFILLED') redemption.status = 'FULFILLED';
        }
        store.rewards.delete(reward.id);
        store.raiseReward('remove', reward);
        return noContent();
      }),
    }),
    route({
      method: 'GET',
      path: '/channel_points/custom_rewards',
      token: 'user',
      scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
      query: ['broadcaster_id'],
      handle: asTokenUser('broadcaster_id', ({ request, token, userId }) => {
        const ids = new Set(repeated(request, 'id', MAX_REWARD_IDS));
        const onlyManageable = booleanQuery(request, 'only_manageable_rewards') ?? false;
        requirePartnerOrAffiliate(context, userId);
        const listed = store
          .rewardsOf(userId)
          .filter((reward) => (ids.size === 0 || ids.has(reward.id)) && (!onlyManageable || reward.client_id === token.clientId));
        if (ids.size > 0 && listed.length === 0) throw new HttpError(404, 'All of the custom rewards specified using the id query parameter were not found.');
        return ok(listed.map((reward) => store.rewardBody(reward)));
      }),
    }),
    route({
      method: 'PATCH',
      path: '/channel_points/custom_rewards',
      token: 'user',
      scopes: ['channel:manage:redemptions'],
      query: ['broadcaster_id', 'id'],
      handle: asTokenUser('broadcaster_id', (call) => {
        requirePartnerOrAffiliate(context, call.userId);
        const reward = manageable(call, call.userId, 'id');
        const body = (call.request.body ?? {}) as Record<string, unknown>;
        if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object of the fields to update');
        const changes = readRewardFields(body, reward, store.rewardsOf(call.userId), true);
        const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== reward[key]);
        Object.assign(reward, changes);
        if (changed) store.raiseReward('update', reward);
        return ok([store.rewardBody(reward)]);
      }),
    }),
    route({
      method: 'GET',
      path: '/channel_points/custom_rewards/redemptions',
      token: 'user',
      scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
      query: ['broadcaster_id', 'reward_id'],
      handle: asTokenUser('broadcaster_id', (call) => {
        const { request, userId } = call;
        const ids = new Set(repeated(request, 'id', MAX_REDEMPTION_IDS));
        if (ids.size === 0) required(request, 'status');
        const status = request.query.get('status');
        if (status !== null && !(REDEMPTION_STATUSES as readonly string[]).includes(status)) {
          throw new HttpError(400, `The value in the status query parameter is not valid: it must be one of ${REDEMPTION_STATUSES.join(', ')}`);
        }
        const sort = choice(request, 'sort', ['OLDEST', 'NEWEST'], 'OLDEST');
        requirePartnerOrAffiliate(context, userId);
        const reward = manageable(call, userId, 'reward_id');
        const listed = [...store.redemptions.values()].filter(
          (redemption) => redemption.reward_id === reward.id && (ids.size === 0 || ids.has(redemption.id)) && (status === null || redemption.status === status),
        );
        if (ids.size > 0 && listed.length === 0) throw new HttpError(404, 'All of the redemptions specified using the id query parameter were not found.');
        if (sort === 'NEWEST') listed.reverse();
        const { data, pagination } = page(request, listed, REDEMPTION_PAGE);
        return ok(
          data.map((redemption) => store.redemptionBody(redemption)),
          { pagination },
        );
      }),
    }),
    route({
      method: 'PATCH',
      path: '/channel_points/custom_rewards/redemptions',
      token: 'user',
      scopes: ['channel:manage:redemptions'],
      query: ['broadcaster_id', 'reward_id', 'id'],
      body: ['status'],
      handle: asTokenUser('broadcaster_id', (call) => {
        const ids = new Set(repeated(call.request, 'id', MAX_REDEMPTION_IDS));
        const status = choiceField((call.request.body as Record<string, unknown>).status, 'status', ['CANCELED', 'FULFILLED'] as const);
        requirePartnerOrAffiliate(context, call.userId);
        const reward = manageable(call, call.userId, 'reward_id');
        const updated = [...ids]
          .map((id) => store.redemptions.get(id))
          .filter((redemption) => redemption !== undefined && redemption.reward_id === reward.id && redemption.status === 'UNFULFILLED') as RedemptionRecord[];
        if (updated.length === 0) {
          throw new HttpError(404, "The redemptions specified using the id query parameter were not found or their statuses weren't marked as UNFULFILLED.");
        }
        for (const redemption of updated) {
          redemption.status = status;
          store.raiseRedemption('update', redemption);
        }
        return ok(updated.map((redemption) => store.redemptionBody(redemption)));
      }),
    }),
  ]);

  return {
    redeem(broadcasterId, rewardId, userId, options = {}) {
      const reward = store.rewards.get(rewardId);
      if (!reward || reward.broadcaster_id !== broadcasterId) throw new Error(`User ${broadcasterId} has no custom reward ${rewardId}.`);
      if (!state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
      if (!reward.is_enabled) throw new Error(`The reward ${rewardId} is disabled.`);
      if (reward.is_paused) throw new Error(`The reward ${rewardId} is paused.`);
      if (!store.inStock(reward)) throw new Error(`The reward ${rewardId} is out of stock: ${reward.max_per_stream} redemptions this stream.`);
      if (reward.is_max_per_user_per_stream_enabled && store.redeemedThisStream(reward, userId) >= reward.max_per_user_per_stream) {
        throw new Error(`User ${userId} redeemed the reward ${rewardId} ${reward.max_per_user_per_stream} times this stream, its maximum per viewer.`);
      }
      const cooldown = store.cooldownEnd(reward);
      if (cooldown !== undefined) throw new Error(`The reward ${rewardId} is cooling down until ${new Date(cooldown).toISOString()}.`);
      const input = options.user_input ?? '';
      if (reward.is_user_input_required && input.trim() === '') throw new Error(`The reward ${rewardId} needs user_input (its prompt: "${reward.prompt}").`);
      const redemption: RedemptionRecord = {
        id: state.id(),
        broadcaster_id: broadcasterId,
        reward_id: reward.id,
        user_id: userId,
        user_input: reward.is_user_input_required ? input : '',
        status: reward.should_redemptions_skip_request_queue ? 'FULFILLED' : 'UNFULFILLED',
        redeemed_at: context.now(),
        stream_id: store.streamOf(broadcasterId),
        reward: { id: reward.id, title: reward.title, prompt: reward.prompt, cost: reward.cost },
      };
      store.redemptions.set(redemption.id, redemption);
      store.raiseRedemption('add', redemption);
      return structuredClone(redemption);
    },
    reward(rewardId) {
      const reward = store.rewards.get(rewardId);
      return reward && structuredClone(reward);
    },
    redemption(redemptionId) {
      const redemption = store.redemptions.get(redemptionId);
      return redemption && structuredClone(redemption);
    },
  };
}
