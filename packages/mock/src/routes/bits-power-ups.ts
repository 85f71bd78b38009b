import { HttpError } from '../http';
import { asTokenUser, iso, ok, repeated, requirePartnerOrAffiliate, userFields, type HelixContext, type RouteRow } from '../helix';
import type { BitsState } from './bits';

/*
 * A channel's custom Power-ups (reference: Get Custom Power-up, GA 2026-05-19) and their
 * redemptions. The broadcaster sets them up on the platform's site, so the mock adds them with
 * `mock.bits.addCustomPowerUp()`; a viewer redeems one with `mock.bits.redeemCustomPowerUp()`,
 * which raises `channel.custom_power_up_redemption.add` and `channel.bits.use` (type
 * `custom_power_up`).
 */

/** A custom Power-up as the mock keeps it. */
export interface CustomPowerUpRecord {
  /** The Power-up's ID. */
  id: string;
  /** The channel that offers it. */
  broadcaster_id: string;
  /** Its title. */
  title: string;
  /** The text shown to the viewer who redeems it; an empty string when none. */
  prompt: string;
  /** What it costs, in Bits. */
  bits: number;
  /** Its background color, `#RRGGBB`. */
  background_color: string;
  /** Viewers can see and redeem it. */
  is_enabled: boolean;
  /** The viewer must type a text to redeem it. */
  is_user_input_required: boolean;
  /** The most redemptions a stream allows; undefined for no limit. */
  max_per_stream: number | undefined;
  /** The most redemptions a viewer may make in one stream; undefined for no limit. */
  max_per_user_per_stream: number | undefined;
  /** The cooldown after each redemption, in seconds; undefined for none. */
  global_cooldown_seconds: number | undefined;
  /** Redemptions are paused. */
  is_paused: boolean;
  /** Viewers may redeem it (a channel can take it out of stock by hand); the per-stream maximum also takes it out. */
  is_in_stock: boolean;
}

/** What `mock.bits.addCustomPowerUp()` takes; everything but `title` and `bits` has the platform's default. */
export interface CustomPowerUpInput {
  /** The title. */
  title: string;
  /** The cost in Bits, a whole number from 1. */
  bits: number;
  /** The prompt; default empty. */
  prompt?: string;
  /** Default `#00E5CB`. */
  background_color?: string;
  /** Default true. */
  is_enabled?: boolean;
  /** Default false. */
  is_user_input_required?: boolean;
  /** Default none. */
  max_per_stream?: number;
  /** Default none. */
  max_per_user_per_stream?: number;
  /** Default none. */
  global_cooldown_seconds?: number;
  /** Default false. */
  is_paused?: boolean;
  /** Default true. */
  is_in_stock?: boolean;
  /** Default: a new ID. */
  id?: string;
}

/** A redemption of a custom Power-up. */
export interface CustomPowerUpRedemptionRecord {
  /** The redemption's ID. */
  id: string;
  /** The channel it was redeemed in. */
  broadcaster_id: string;
  /** The Power-up's ID. */
  power_up_id: string;
  /** The viewer who redeemed it. */
  user_id: string;
  /** What the viewer typed; an empty string when the Power-up asks for nothing. */
  user_input: string;
  /** Epoch ms. */
  redeemed_at: number;
  /** The live stream it was redeemed in; undefined when offline. */
  stream_id: string | undefined;
}

/** A channel offers at most 50 custom Power-ups, enabled and disabled together. */
const MAX_POWER_UPS = 50;
const MAX_IDS = 50;
const DEFAULT_BACKGROUND = '#00E5CB';

/** The custom Power-ups of every channel and their redemptions. */
export class CustomPowerUps {
  /** Every channel's custom Power-ups, by ID (kept by a snapshot as the bits group's `customPowerUps`). */
  readonly powerUps = new Map<string, CustomPowerUpRecord>();
  /** Every redemption, oldest first (kept as the bits group's `customPowerUpRedemptions`): the cooldowns and per-stream counts are read from them. */
  readonly redemptions: CustomPowerUpRedemptionRecord[] = [];

  constructor(readonly context: HelixContext) {}

  /** A channel's custom Power-ups, in ascending order of ID. */
  of(broadcasterId: string): CustomPowerUpRecord[] {
    return [...this.powerUps.values()].filter((powerUp) => powerUp.broadcaster_id === broadcasterId).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  add(broadcasterId: string, input: CustomPowerUpInput): CustomPowerUpRecord {
    const user = this.context.state.user(broadcasterId);
    if (!user) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    if (!user.broadcaster_type) throw new Error(`User ${broadcasterId} is neither partner nor affiliate: only they have custom Power-ups.`);
    if (typeof input.title !== 'string' || input.title.trim() === '') throw new Error('A custom Power-up needs a title.');
    if (!Number.isSafeInteger(input.bits) || input.bits < 1) throw new Error(`bits must be a whole number of 1 or more, not ${input.bits}.`);
    for (const key of ['max_per_stream', 'max_per_user_per_stream', 'global_cooldown_seconds'] as const) {
      const value = input[key];
      if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) throw new Error(`${key} must be a whole number of 1 or more, not ${value}.`);
    }
    if (this.of(broadcasterId).length >= MAX_POWER_UPS) throw new Error(`User ${broadcasterId} already has ${MAX_POWER_UPS} custom Power-ups, the most a channel may have.`);
    const id = input.id ?? this.context.state.id();
    if (this.powerUps.has(id)) throw new Error(`A custom Power-up ${id} already exists.`);
    const powerUp: CustomPowerUpRecord = {
      id,
      broadcaster_id: broadcasterId,
      title: input.title,
      prompt: input.prompt ?? '',
      bits: input.bits,
      background_color: input.background_color ?? DEFAULT_BACKGROUND,
      is_enabled: input.is_enabled ?? true,
      is_user_input_required: input.is_user_input_required ?? false,
      max_per_stream: input.max_per_stream,
      max_per_user_per_stream: input.max_per_user_per_stream,
      global_cooldown_seconds: input.global_cooldown_seconds,
      is_paused: input.is_paused ?? false,
      is_in_stock: input.is_in_stock ?? true,
    };
    this.powerUps.set(id, powerUp);
    return powerUp;
  }

  /**
   * A viewer redeems a custom Power-up: the redemption is recorded and the two events are raised.
   * Throws, as the platform refuses the viewer, when the Power-up is unknown, disabled, paused, out
   * of stock, cooling down, past the viewer's per-stream maximum, or needs input that is missing.
   */
  redeem(broadcasterId: string, powerUpId: string, userId: string, userInput: string | undefined): CustomPowerUpRedemptionRecord {
    const { context } = this;
    const powerUp = this.powerUps.get(powerUpId);
    if (!powerUp || powerUp.broadcaster_id !== broadcasterId) throw new Error(`User ${broadcasterId} has no custom Power-up ${powerUpId}.`);
    if (!context.state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
    if (!powerUp.is_enabled) throw new Error(`The custom Power-up ${powerUpId} is disabled.`);
    if (powerUp.is_paused) throw new Error(`The custom Power-up ${powerUpId} is paused.`);
    if (!this.#inStock(powerUp)) throw new Error(`The custom Power-up ${powerUpId} is out of stock.`);
    if (powerUp.max_per_user_per_stream !== undefined && this.#redeemedThisStream(powerUp, userId) >= powerUp.max_per_user_per_stream) {
      throw new Error(`User ${userId} redeemed the custom Power-up ${powerUpId} ${powerUp.max_per_user_per_stream} times this stream, its maximum per viewer.`);
    }
    const cooldown = this.#cooldownEnd(powerUp);
    if (cooldown !== undefined) throw new Error(`The custom Power-up ${powerUpId} is cooling down until ${iso(cooldown)}.`);
    const input = userInput ?? '';
    if (powerUp.is_user_input_required && input.trim() === '') throw new Error(`The custom Power-up ${powerUpId} needs user_input (its prompt: "${powerUp.prompt}").`);
    const redemption: CustomPowerUpRedemptionRecord = {
      id: context.state.id(),
      broadcaster_id: broadcasterId,
      power_up_id: powerUp.id,
      user_id: userId,
      user_input: powerUp.is_user_input_required ? input : '',
      redeemed_at: context.now(),
      stream_id: this.#streamOf(broadcasterId),
    };
    this.redemptions.push(redemption);
    const broadcaster = userFields(context, broadcasterId, 'broadcaster_user');
    const viewer = userFields(context, userId, 'user');
    const condition = { broadcaster_user_id: broadcasterId };
    context.events.raise({
      type: 'channel.custom_power_up_redemption.add',
      version: '1',
      event: {
        id: redemption.id,
        ...broadcaster,
        ...viewer,
        user_input: redemption.user_input,
        status: 'unfulfilled',
        custom_power_up: { id: powerUp.id, title: powerUp.title, bits: powerUp.bits, prompt: powerUp.prompt },
        redeemed_at: iso(redemption.redeemed_at),
      },
      // The optional reward_id of a subscription's condition narrows it to this Power-up.
      condition: { ...condition, reward_id: powerUp.id },
    });
    context.events.raise({
      type: 'channel.bits.use',
      version: '1',
      event: { ...viewer, ...broadcaster, bits: powerUp.bits, type: 'custom_power_up', power_up: null, custom_power_up: { title: powerUp.title, reward_id: powerUp.id }, message: null },
      condition,
    });
    return redemption;
  }

  /** A Power-up as Get Custom Power-up answers it. */
  body(powerUp: CustomPowerUpRecord): Record<string, unknown> {
    const cooldown = this.#cooldownEnd(powerUp);
    return {
      ...userFields(this.context, powerUp.broadcaster_id, 'broadcaster'),
      id: powerUp.id,
      title: powerUp.title,
      prompt: powerUp.prompt,
      bits: powerUp.bits,
      // Images are uploaded on the platform's site only: the mock's Power-ups have the default ones.
      image: null,
      default_image: {
        url_1x: 'https://static.example/custom-power-up-images/default-1.png',
        url_2x: 'https://static.example/custom-power-up-images/default-2.png',
        url_4x: 'https://static.example/custom-power-up-images/default-4.png',
      },
      background_color: powerUp.background_color,
      is_enabled: powerUp.is_enabled,
      is_user_input_required: powerUp.is_user_input_required,
      max_per_stream_setting: { is_enabled: powerUp.max_per_stream !== undefined, max_per_stream: powerUp.max_per_stream ?? 0 },
      max_per_user_per_stream_setting: { is_enabled: powerUp.max_per_user_per_stream !== undefined, max_per_user_per_stream: powerUp.max_per_user_per_stream ?? 0 },
      global_cooldown_setting: { is_enabled: powerUp.global_cooldown_seconds !== undefined, global_cooldown_seconds: powerUp.global_cooldown_seconds ?? 0 },
      is_paused: powerUp.is_paused,
      is_in_stock: this.#inStock(powerUp),
      redemptions_redeemed_current_stream: this.#currentStreamCount(powerUp),
      cooldown_expires_at: cooldown === undefined ? null : iso(cooldown),
    };
  }

  /** The live stream of a channel, if any (a channel marked live without a stream record counts as one stream). */
  #streamOf(broadcasterId: string): string | undefined {
    const channel = this.context.state.channels.get(broadcasterId);
    return channel?.live ? (channel.stream?.id ?? 'live') : undefined;
  }

  #redeemedThisStream(powerUp: CustomPowerUpRecord, userId?: string): number {
    const stream = this.#streamOf(powerUp.broadcaster_id);
    if (stream === undefined) return 0;
    return this.redemptions.filter((each) => each.power_up_id === powerUp.id && each.stream_id === stream && (userId === undefined || each.user_id === userId)).length;
  }

  /** `redemptions_redeemed_current_stream`: null when the channel is offline or the per-stream maximum is off. */
  #currentStreamCount(powerUp: CustomPowerUpRecord): number | null {
    if (powerUp.max_per_stream === undefined || this.#streamOf(powerUp.broadcaster_id) === undefined) return null;
    return this.#redeemedThisStream(powerUp);
  }

  #inStock(powerUp: CustomPowerUpRecord): boolean {
    const count = this.#currentStreamCount(powerUp);
    return powerUp.is_in_stock && (count === null || count < powerUp.max_per_stream!);
  }

  /** Epoch ms when the cooldown ends, or undefined when the Power-up is not cooling down. */
  #cooldownEnd(powerUp: CustomPowerUpRecord): number | undefined {
    if (powerUp.global_cooldown_seconds === undefined) return undefined;
    const last = this.redemptions.filter((each) => each.power_up_id === powerUp.id).at(-1);
    if (!last) return undefined;
    const end = last.redeemed_at + powerUp.global_cooldown_seconds * 1000;
    return end > this.context.now() ? end : undefined;
  }
}

/** The Get Custom Power-up route, a row of the bits group's table. */
export const customPowerUpRoutes: readonly RouteRow<BitsState>[] = [
  {
    method: 'GET',
    path: '/bits/custom_power_ups',
    token: 'user',
    scopes: ['bits:read'],
    query: ['broadcaster_id'],
    handle: asTokenUser<BitsState>('broadcaster_id', ({ request, userId, context }, { powerUps }) => {
      const ids = new Set(repeated(request, 'id', MAX_IDS));
      requirePartnerOrAffiliate(context, userId);
      const listed = powerUps.of(userId).filter((powerUp) => ids.size === 0 || ids.has(powerUp.id));
      if (ids.size > 0 && listed.length === 0) throw new HttpError(404, 'All of the custom Power-ups specified using the id query parameter were not found.');
      return ok(listed.map((powerUp) => powerUps.body(powerUp)));
    }),
  },
];
