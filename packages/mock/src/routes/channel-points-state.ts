import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { booleanField, iso, required, requireLength, userFields, type HelixContext, type RouteCall } from '../helix';

/*
 * The state of the channel points group (custom rewards and their redemptions), the checks of a
 * reward's fields shared by Create Custom Rewards and Update Custom Reward, the shapes the routes
 * answer and the events carry, and the controls' logic, from the platform's reference. The routes
 * and the control table are in ./channel-points.ts.
 */

/** A custom reward as the mock keeps it. */
export interface CustomRewardRecord {
  /** The reward's ID. */
  id: string;
  /** The channel that offers the reward. */
  broadcaster_id: string;
  /** The client ID of the app that created it: only that app may change it or its redemptions. */
  client_id: string;
  /** The reward's title. */
  title: string;
  /** The text shown to the viewer who redeems it. */
  prompt: string;
  /** What the reward costs, in channel points. */
  cost: number;
  /** The reward's background color, `#RRGGBB`. */
  background_color: string;
  /** Viewers can see and redeem the reward. */
  is_enabled: boolean;
  /** The viewer must type a text to redeem it. */
  is_user_input_required: boolean;
  /** A stream allows at most `max_per_stream` redemptions. */
  is_max_per_stream_enabled: boolean;
  /** The most redemptions a stream allows, when the limit is on. */
  max_per_stream: number;
  /** A viewer may redeem it at most `max_per_user_per_stream` times a stream. */
  is_max_per_user_per_stream_enabled: boolean;
  /** The most redemptions a viewer may make in one stream, when the limit is on. */
  max_per_user_per_stream: number;
  /** A cooldown follows each redemption. */
  is_global_cooldown_enabled: boolean;
  /** The cooldown, in seconds, when it is on. */
  global_cooldown_seconds: number;
  /** Redemptions are paused. */
  is_paused: boolean;
  /** Redemptions are FULFILLED at once instead of waiting in the request queue. */
  should_redemptions_skip_request_queue: boolean;
  /** Epoch ms. */
  created_at: number;
}

/** A redemption's status. */
export type RedemptionStatus = 'UNFULFILLED' | 'FULFILLED' | 'CANCELED';

/** A redemption of a custom reward. */
export interface RedemptionRecord {
  /** The redemption's ID. */
  id: string;
  /** The channel the reward was redeemed in. */
  broadcaster_id: string;
  /** The redeemed reward's ID. */
  reward_id: string;
  /** The ID of the viewer who redeemed it. */
  user_id: string;
  /** The text the viewer typed; an empty string when the reward asks for none. */
  user_input: string;
  /** Where the redemption stands. */
  status: RedemptionStatus;
  /** Epoch ms. */
  redeemed_at: number;
  /** The live stream it was redeemed in (per-stream limits count these); undefined when offline. */
  stream_id: string | undefined;
  /** The reward as it was when redeemed. */
  reward: {
    /** The reward's ID. */
    id: string;
    /** Its title then. */
    title: string;
    /** Its prompt then. */
    prompt: string;
    /** Its cost then, in channel points. */
    cost: number;
  };
}

/** The fields of a reward that Create and Update take (every one optional here; Create requires title and cost). */
export type RewardChanges = Partial<Omit<CustomRewardRecord, 'id' | 'broadcaster_id' | 'client_id' | 'created_at'>>;

/** A channel may offer at most 50 custom rewards, enabled or not. */
export const MAX_REWARDS = 50;
const TITLE = { min: 1, max: 45 };
const PROMPT = { max: 200 };
/** Update Custom Reward: the cooldown is from 1 to 604800 seconds (a week); Create Custom Rewards sets no maximum. */
const MAX_COOLDOWN_SECONDS = 604_800;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** The background a reward gets when none is given. */
export const DEFAULT_BACKGROUND = '#00E5CB';

/** What `mock.channelPoints.redeem()` takes. */
export interface RedeemOptions {
  /** What the viewer typed at the prompt; required when the reward asks for input. */
  user_input?: string;
}

/** What the channel points group keeps (the custom rewards and redemptions of every channel), the helpers its routes share, and its controls' logic. */
export class ChannelPointsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); a cooldown is read from the redemptions' times, nothing to arm again. */
  readonly persisted = { as: 'channelPoints', fields: ['rewards', 'redemptions'] } as const;
  readonly rewards = new Map<string, CustomRewardRecord>();
  readonly redemptions = new Map<string, RedemptionRecord>();

  constructor(readonly context: HelixContext) {}

  /** A channel's rewards, in ascending order of ID. */
  rewardsOf(broadcasterId: string): CustomRewardRecord[] {
    return [...this.rewards.values()].filter((reward) => reward.broadcaster_id === broadcasterId).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The live stream of a channel, if any (a channel marked live without a stream record counts as one stream). */
  streamOf(broadcasterId: string): string | undefined {
    const channel = this.context.state.channels.get(broadcasterId);
    return channel?.live ? (channel.stream?.id ?? 'live') : undefined;
  }

  /** Redemptions of a reward in the current live stream (by one user when given). */
  redeemedThisStream(reward: CustomRewardRecord, userId?: string): number {
    const stream = this.streamOf(reward.broadcaster_id);
    if (stream === undefined) return 0;
    let count = 0;
    for (const redemption of this.redemptions.values()) {
      if (redemption.reward_id === reward.id && redemption.stream_id === stream && (userId === undefined || redemption.user_id === userId)) count++;
    }
    return count;
  }

  /** `redemptions_redeemed_current_stream`: null when the channel is offline or the per-stream maximum is off. */
  currentStreamCount(reward: CustomRewardRecord): number | null {
    if (!reward.is_max_per_stream_enabled || this.streamOf(reward.broadcaster_id) === undefined) return null;
    return this.redeemedThisStream(reward);
  }

  inStock(reward: CustomRewardRecord): boolean {
    const count = this.currentStreamCount(reward);
    return count === null || count < reward.max_per_stream;
  }

  /** Epoch ms when the global cooldown ends, or undefined when the reward is not cooling down. */
  cooldownEnd(reward: CustomRewardRecord): number | undefined {
    if (!reward.is_global_cooldown_enabled) return undefined;
    let last: number | undefined;
    for (const redemption of this.redemptions.values()) {
      if (redemption.reward_id === reward.id && (last === undefined || redemption.redeemed_at > last)) last = redemption.redeemed_at;
    }
    if (last === undefined) return undefined;
    const end = last + reward.global_cooldown_seconds * 1000;
    return end > this.context.now() ? end : undefined;
  }

  /** A reward as the routes answer it. */
  rewardBody(reward: CustomRewardRecord): Record<string, unknown> {
    const cooldown = this.cooldownEnd(reward);
    return {
      ...userFields(this.context, reward.broadcaster_id, 'broadcaster'),
      id: reward.id,
      title: reward.title,
      prompt: reward.prompt,
      cost: reward.cost,
      // The API has no upload of custom images: only the default images are set.
      image: null,
      default_image: defaultImage(),
      background_color: reward.background_color,
      is_enabled: reward.is_enabled,
      is_user_input_required: reward.is_user_input_required,
      max_per_stream_setting: { is_enabled: reward.is_max_per_stream_enabled, max_per_stream: reward.max_per_stream },
      max_per_user_per_stream_setting: { is_enabled: reward.is_max_per_user_per_stream_enabled, max_per_user_per_stream: reward.max_per_user_per_stream },
      global_cooldown_setting: { is_enabled: reward.is_global_cooldown_enabled, global_cooldown_seconds: reward.global_cooldown_seconds },
      is_paused: reward.is_paused,
      is_in_stock: this.inStock(reward),
      should_redemptions_skip_request_queue: reward.should_redemptions_skip_request_queue,
      redemptions_redeemed_current_stream: this.currentStreamCount(reward),
      cooldown_expires_at: cooldown === undefined ? null : iso(cooldown),
    };
  }

  /** A reward as `channel.channel_points_custom_reward.add` / `.update` / `.remove` carry it. */
  rewardEvent(reward: CustomRewardRecord): Record<string, unknown> {
    const cooldown = this.cooldownEnd(reward);
    return {
      id: reward.id,
      ...userFields(this.context, reward.broadcaster_id, 'broadcaster_user'),
      is_enabled: reward.is_enabled,
      is_paused: reward.is_paused,
      is_in_stock: this.inStock(reward),
      title: reward.title,
      cost: reward.cost,
      prompt: reward.prompt,
      is_user_input_required: reward.is_user_input_required,
      should_redemptions_skip_request_queue: reward.should_redemptions_skip_request_queue,
      cooldown_expires_at: cooldown === undefined ? null : iso(cooldown),
      redemptions_redeemed_current_stream: this.currentStreamCount(reward),
      max_per_stream: { is_enabled: reward.is_max_per_stream_enabled, value: reward.max_per_stream },
      max_per_user_per_stream: { is_enabled: reward.is_max_per_user_per_stream_enabled, value: reward.max_per_user_per_stream },
      global_cooldown: { is_enabled: reward.is_global_cooldown_enabled, seconds: reward.global_cooldown_seconds },
      background_color: reward.background_color,
      image: null,
      default_image: defaultImage(),
    };
  }

  /** A redemption as the routes answer it. */
  redemptionBody(redemption: RedemptionRecord): Record<string, unknown> {
    return {
      ...userFields(this.context, redemption.broadcaster_id, 'broadcaster'),
      id: redemption.id,
      ...userFields(this.context, redemption.user_id, 'user'),
      user_input: redemption.user_input,
      status: redemption.status,
      redeemed_at: iso(redemption.redeemed_at),
      reward: { ...redemption.reward },
    };
  }

  /** Raises a reward event (`add`, `update`, `remove`); `reward_id` in the condition reaches subscriptions that name the reward. */
  raiseReward(kind: 'add' | 'update' | 'remove', reward: CustomRewardRecord): void {
    this.context.events.raise({
      type: `channel.channel_points_custom_reward.${kind}`,
      version: '1',
      event: this.rewardEvent(reward),
      condition: kind === 'add' ? { broadcaster_user_id: reward.broadcaster_id } : { broadcaster_user_id: reward.broadcaster_id, reward_id: reward.id },
    });
  }

  /** The reward named by the query parameter `name`, of the channel, for the app that created it (404, 403). */
  manageable(call: RouteCall, broadcasterId: string, name: 'id' | 'reward_id'): CustomRewardRecord {
    const reward = this.rewards.get(required(call.request, name));
    if (!reward || reward.broadcaster_id !== broadcasterId) throw new HttpError(404, `The custom reward specified in the ${name} query parameter was not found.`);
    if (reward.client_id !== call.token.clientId) throw new HttpError(403, 'The ID in the Client-Id header must match the client ID used to create the custom reward.');
    return reward;
  }

  /** Raises `channel.channel_points_custom_reward_redemption.add` or `.update`. */
  raiseRedemption(kind: 'add' | 'update', redemption: RedemptionRecord): void {
    this.context.events.raise({
      type: `channel.channel_points_custom_reward_redemption.${kind}`,
      version: '1',
      event: {
        id: redemption.id,
        ...userFields(this.context, redemption.broadcaster_id, 'broadcaster_user'),
        ...userFields(this.context, redemption.user_id, 'user'),
        user_input: redemption.user_input,
        status: redemption.status.toLowerCase(),
        reward: { id: redemption.reward.id, title: redemption.reward.title, cost: redemption.reward.cost, prompt: redemption.reward.prompt },
        redeemed_at: iso(redemption.redeemed_at),
      },
      condition: { broadcaster_user_id: redemption.broadcaster_id, reward_id: redemption.reward_id },
    });
  }

  /** A viewer redeems a custom reward (see `ChannelPointsControl.redeem`). */
  redeem(broadcasterId: string, rewardId: string, userId: string, options: RedeemOptions = {}): RedemptionRecord {
    const reward = this.rewards.get(rewardId);
    if (!reward || reward.broadcaster_id !== broadcasterId) throw new Error(`User ${broadcasterId} has no custom reward ${rewardId}.`);
    if (!this.context.state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
    if (!reward.is_enabled) throw new Error(`The reward ${rewardId} is disabled.`);
    if (reward.is_paused) throw new Error(`The reward ${rewardId} is paused.`);
    if (!this.inStock(reward)) throw new Error(`The reward ${rewardId} is out of stock: ${reward.max_per_stream} redemptions this stream.`);
    if (reward.is_max_per_user_per_stream_enabled && this.redeemedThisStream(reward, userId) >= reward.max_per_user_per_stream) {
      throw new Error(`User ${userId} redeemed the reward ${rewardId} ${reward.max_per_user_per_stream} times this stream, its maximum per viewer.`);
    }
    const cooldown = this.cooldownEnd(reward);
    if (cooldown !== undefined) throw new Error(`The reward ${rewardId} is cooling down until ${new Date(cooldown).toISOString()}.`);
    const input = options.user_input ?? '';
    if (reward.is_user_input_required && input.trim() === '') throw new Error(`The reward ${rewardId} needs user_input (its prompt: "${reward.prompt}").`);
    const redemption: RedemptionRecord = {
      id: this.context.state.id(),
      broadcaster_id: broadcasterId,
      reward_id: reward.id,
      user_id: userId,
      user_input: reward.is_user_input_required ? input : '',
      status: reward.should_redemptions_skip_request_queue ? 'FULFILLED' : 'UNFULFILLED',
      redeemed_at: this.context.now(),
      stream_id: this.streamOf(broadcasterId),
      reward: { id: reward.id, title: reward.title, prompt: reward.prompt, cost: reward.cost },
    };
    this.redemptions.set(redemption.id, redemption);
    this.raiseRedemption('add', redemption);
    return structuredClone(redemption);
  }

  /** A copy of a reward; undefined when unknown (or deleted). */
  reward(rewardId: string): CustomRewardRecord | undefined {
    const reward = this.rewards.get(rewardId);
    return reward && structuredClone(reward);
  }

  /** A copy of a redemption; undefined when unknown. */
  redemption(redemptionId: string): RedemptionRecord | undefined {
    const redemption = this.redemptions.get(redemptionId);
    return redemption && structuredClone(redemption);
  }
}

function defaultImage(): Record<string, string> {
  return {
    url_1x: 'https://static.example/custom-reward-images/default-1.png',
    url_2x: 'https://static.example/custom-reward-images/default-2.png',
    url_4x: 'https://static.example/custom-reward-images/default-4.png',
  };
}

/**
 * Reads the reward fields of a Create or Update body, checked as the reference says (400 naming
 * the field and the range). `current` is the reward being updated; the limits that a flag turns on
 * are checked against the value the reward will have.
 */
export function readRewardFields(body: Record<string, unknown>, current: CustomRewardRecord | undefined, others: readonly CustomRewardRecord[], update: boolean): RewardChanges {
  const changes: RewardChanges = {};
  if (body.title !== undefined) {
    if (typeof body.title !== 'string') throw new HttpError(400, 'The field "title" must be a string');
    changes.title = requireLength(body.title, 'title', TITLE);
    const lower = changes.title.toLowerCase();
    if (others.some((reward) => reward.id !== current?.id && reward.title.toLowerCase() === lower)) {
      throw new HttpError(400, "The title must be unique amongst all of the broadcaster's custom rewards.");
    }
  }
  if (body.cost !== undefined) changes.cost = count(body.cost, 'cost', 1, 'The field "cost" must be a whole number of at least 1 point');
  if (body.prompt !== undefined) {
    if (typeof body.prompt !== 'string') throw new HttpError(400, 'The field "prompt" must be a string');
    changes.prompt = requireLength(body.prompt, 'prompt', PROMPT);
  }
  if (body.background_color !== undefined) {
    if (typeof body.background_color !== 'string' || !HEX_COLOR.test(body.background_color)) {
      throw new HttpError(400, 'The field "background_color" must be a color in Hex format, for example #9147FF');
    }
    changes.background_color = body.background_color;
  }
  const flags = ['is_enabled', 'is_user_input_required', 'is_max_per_stream_enabled', 'is_max_per_user_per_stream_enabled', 'is_global_cooldown_enabled', 'should_redemptions_skip_request_queue'] as const;
  for (const name of flags) {
    const value = booleanField(body[name], name);
    if (value !== undefined) changes[name] = value;
  }
  // Pausing is a change of an existing reward; Create does not take it.
  if (update) {
    const paused = booleanField(body.is_paused, 'is_paused');
    if (paused !== undefined) changes.is_paused = paused;
  }
  if (body.max_per_stream !== undefined) changes.max_per_stream = count(body.max_per_stream, 'max_per_stream', 0);
  if (body.max_per_user_per_stream !== undefined) changes.max_per_user_per_stream = count(body.max_per_user_per_stream, 'max_per_user_per_stream', 0);
  if (body.global_cooldown_seconds !== undefined) changes.global_cooldown_seconds = count(body.global_cooldown_seconds, 'global_cooldown_seconds', 0);

  const next = { ...current, ...changes };
  if (next.is_max_per_stream_enabled && !((next.max_per_stream ?? 0) >= 1)) {
    throw new HttpError(400, 'If is_max_per_stream_enabled is true, the minimum value for max_per_stream is 1.');
  }
  if (next.is_max_per_user_per_stream_enabled && !((next.max_per_user_per_stream ?? 0) >= 1)) {
    throw new HttpError(400, 'If is_max_per_user_per_stream_enabled is true, the minimum value for max_per_user_per_stream is 1.');
  }
  if (next.is_global_cooldown_enabled) {
    const seconds = next.global_cooldown_seconds ?? 0;
    // Create Custom Rewards sets only the minimum; Update Custom Reward also the week's maximum.
    if (!update && seconds < 1) throw new HttpError(400, 'If is_global_cooldown_enabled is true, the minimum value for global_cooldown_seconds is 1.');
    if (update && (seconds < 1 || seconds > MAX_COOLDOWN_SECONDS)) {
      throw new HttpError(400, `If is_global_cooldown_enabled is true, the value of global_cooldown_seconds must be from 1 to ${MAX_COOLDOWN_SECONDS}.`);
    }
  }
  return changes;
}

/** A whole number of at least `min` (a JSON number), or 400 naming the field. */
function count(value: unknown, name: string, min: number, message = `The field "${name}" must be a whole number of at least ${min}`): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) throw new HttpError(400, message);
  return value;
}
