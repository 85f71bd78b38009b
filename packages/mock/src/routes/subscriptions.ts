import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { ok, page, repeated, required, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockToken } from '../state';
import { TIER_POINTS, type GoalsState } from './goals';
import { SUBSCRIPTION_POINTS, type HypeTrainState } from './hype-train';

/*
 * The subscriptions group (Get Broadcaster Subscriptions, Check User Subscription), written from
 * the platform's reference. Viewers subscribe, are gifted, share a resubscription message and
 * lapse through `mock.subscriptions` (no API call does): `channel.subscribe`,
 * `channel.subscription.gift`, `.message` and `.end` are raised, the channel's subscription goals
 * and its running hype train move. Both routes take a user token; an extension's app token works
 * when the broadcaster granted the extension the route's scope (`mock.subscriptions.grantExtension()`).
 */

/** A subscription tier: 1000, 2000 or 3000 (Tier 1 to 3). */
export type SubscriptionTier = '1000' | '2000' | '3000';

/** A subscription as the mock keeps it. */
export interface SubscriptionRecord {
  /** The channel subscribed to. */
  broadcaster_id: string;
  /** The subscriber's user ID. */
  user_id: string;
  /** The subscription's tier. */
  tier: SubscriptionTier;
  /** The gifter; null for a subscription the user bought, and for an anonymous gift. */
  gifter_id: string | null;
  /** The subscription was a gift. */
  is_gift: boolean;
  /** The name of the subscription plan. */
  plan_name: string;
  /** Epoch ms. */
  created_at: number;
}

/** What `mock.subscriptions.subscribe()` takes. */
export interface SubscribeOptions {
  /** Default 1000. */
  tier?: SubscriptionTier;
  /** Default `Channel Subscription (<login>)`, with the tier for tiers 2 and 3. */
  plan_name?: string;
}

/** What `mock.subscriptions.resubscribe()` takes. */
export interface ResubscribeOptions {
  /** The message the viewer shares; default empty. */
  text?: string;
  /** Months subscribed in all, from 1. */
  cumulative_months: number;
  /** Months in a row; null (the default) when the viewer does not share it. */
  streak_months?: number | null;
  /** The months the subscription runs for; default 1. */
  duration_months?: number;
}

/** What tests can do with subscriptions that no API call does. */
export interface SubscriptionsControl {
  /** A viewer subscribes (`channel.subscribe`). Throws when already subscribed. */
  subscribe(broadcasterId: string, userId: string, options?: SubscribeOptions): Readonly<SubscriptionRecord>;
  /**
   * A viewer (`gifterId`; null for an anonymous gift) gifts subscriptions in a channel to `recipientIds`:
   * `channel.subscription.gift`, then `channel.subscribe` (`is_gift` true) for each recipient.
   * Throws when a recipient already subscribes.
   */
  gift(broadcasterId: string, gifterId: string | null, recipientIds: readonly string[], options?: { tier?: SubscriptionTier }): Readonly<SubscriptionRecord>[];
  /** A subscriber shares a resubscription message (`channel.subscription.message`). Throws when not subscribed. */
  resubscribe(broadcasterId: string, userId: string, options: ResubscribeOptions): void;
  /** A subscription ends (`channel.subscription.end`); returns whether there was one. */
  end(broadcasterId: string, userId: string): boolean;
  /**
   * The broadcaster grants an extension (its client ID) a scope in the extensions manager, so the
   * extension's app token may call Get Broadcaster Subscriptions (`channel:read:subscriptions`)
   * or Check User Subscription (`user:read:subscriptions`) for the channel.
   */
  grantExtension(broadcasterId: string, clientId: string, scope: 'channel:read:subscriptions' | 'user:read:subscriptions'): void;
  /** A viewer's subscription to a channel; undefined when none. */
  get(broadcasterId: string, userId: string): Readonly<SubscriptionRecord> | undefined;
}

const SUBSCRIPTION_PAGE = { defaultFirst: 20, maxFirst: 100 };
const MAX_USER_IDS = 100;
const TIERS: readonly SubscriptionTier[] = ['1000', '2000', '3000'];

function tierOf(tier: SubscriptionTier | undefined): SubscriptionTier {
  if (tier !== undefined && !TIERS.includes(tier)) throw new Error(`tier must be one of ${TIERS.join(', ')}, not ${String(tier)}.`);
  return tier ?? '1000';
}

/** What the subscriptions group keeps (subscriptions, gift counts, extension grants), the helpers its routes share, and its controls' logic; subscriptions move the channel's goals and hype train. */
export class SubscriptionsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); the goals and trains it moves are kept as their own groups. */
  readonly persisted = { as: 'subscriptions', fields: ['subscriptions', 'giftCounts', 'grants'] } as const;
  /** By broadcaster, then by user, in the order they subscribed. */
  readonly subscriptions = new Map<string, Map<string, SubscriptionRecord>>();
  /** Gifts made by each gifter in each channel (`cumulative_total`). */
  readonly giftCounts = new Map<string, number>();
  /** `<broadcaster>:<client>:<scope>` for every grant to an extension. */
  readonly grants = new Set<string>();

  constructor(
    readonly context: HelixContext,
    readonly goals: GoalsState,
    readonly trains: HypeTrainState,
  ) {}

  /** A channel's subscriptions (created empty on first use). */
  of(broadcasterId: string): Map<string, SubscriptionRecord> {
    let channel = this.subscriptions.get(broadcasterId);
    if (!channel) {
      channel = new Map<string, SubscriptionRecord>();
      this.subscriptions.set(broadcasterId, channel);
    }
    return channel;
  }

  /** With an app token, the extension needs the broadcaster's grant of the scope (401). */
  requireGrant(token: MockToken, broadcasterId: string, scope: string): void {
    if (token.userId === undefined && !this.grants.has(`${broadcasterId}:${token.clientId}:${scope}`)) {
      throw new HttpError(401, `The broadcaster has not granted this extension the ${scope} scope; an app token works only for an extension with that grant.`);
    }
  }

  giftFields(record: SubscriptionRecord, always: boolean): Record<string, string> {
    if (record.is_gift && record.gifter_id !== null) return userFields(this.context, record.gifter_id, 'gifter');
    if (!always && !record.is_gift) return {};
    return { gifter_id: '', gifter_login: '', gifter_name: '' };
  }

  #requireUser(id: string): void {
    if (!this.context.state.user(id)) throw new Error(`No user ${id}: add the user with mock.addUser() first.`);
  }

  #planName(broadcasterId: string, tier: SubscriptionTier): string {
    const login = this.context.state.user(broadcasterId)?.login ?? '';
    return tier === '1000' ? `Channel Subscription (${login})` : `Channel Subscription (${login}): Tier ${tier[0]}`;
  }

  /** Records a subscription and raises `channel.subscribe`; the goals move. */
  #add(broadcasterId: string, userId: string, tier: SubscriptionTier, gift: { gifter_id: string | null } | undefined, name?: string): SubscriptionRecord {
    const { context } = this;
    const record: SubscriptionRecord = {
      broadcaster_id: broadcasterId,
      user_id: userId,
      tier,
      gifter_id: gift?.gifter_id ?? null,
      is_gift: gift !== undefined,
      plan_name: name ?? this.#planName(broadcasterId, tier),
      created_at: context.now(),
    };
    this.of(broadcasterId).set(userId, record);
    context.events.raise({
      type: 'channel.subscribe',
      version: '1',
      event: { ...userFields(context, userId, 'user'), ...userFields(context, broadcasterId, 'broadcaster_user'), tier, is_gift: record.is_gift },
      condition: { broadcaster_user_id: broadcasterId },
    });
    this.goals.subscribed(broadcasterId, tier);
    return record;
  }

  subscribe(broadcasterId: string, userId: string, options: SubscribeOptions = {}): SubscriptionRecord {
    this.#requireUser(broadcasterId);
    this.#requireUser(userId);
    if (this.of(broadcasterId).has(userId)) throw new Error(`User ${userId} already subscribes to ${broadcasterId}.`);
    const tier = tierOf(options.tier);
    const record = this.#add(broadcasterId, userId, tier, undefined, options.plan_name);
    this.trains.contributeIfRunning(broadcasterId, { user_id: userId, type: 'subscription', total: SUBSCRIPTION_POINTS[tier]! });
    return { ...record };
  }

  gift(broadcasterId: string, gifterId: string | null, recipientIds: readonly string[], options: { tier?: SubscriptionTier } = {}): SubscriptionRecord[] {
    const { context } = this;
    this.#requireUser(broadcasterId);
    if (gifterId !== null) this.#requireUser(gifterId);
    if (recipientIds.length === 0) throw new Error('A gift needs at least one recipient.');
    for (const id of recipientIds) {
      this.#requireUser(id);
      if (this.of(broadcasterId).has(id)) throw new Error(`User ${id} already subscribes to ${broadcasterId}.`);
    }
    if (new Set(recipientIds).size !== recipientIds.length) throw new Error('A recipient is named twice.');
    const tier = tierOf(options.tier);
    let cumulative: number | null = null;
    if (gifterId !== null) {
      const key = `${broadcasterId}:${gifterId}`;
      cumulative = (this.giftCounts.get(key) ?? 0) + recipientIds.length;
      this.giftCounts.set(key, cumulative);
    }
    context.events.raise({
      type: 'channel.subscription.gift',
      version: '1',
      event: {
        ...(gifterId === null ? { user_id: null, user_login: null, user_name: null } : userFields(context, gifterId, 'user')),
        ...userFields(context, broadcasterId, 'broadcaster_user'),
        total: recipientIds.length,
        tier,
        cumulative_total: cumulative,
        is_anonymous: gifterId === null,
      },
      condition: { broadcaster_user_id: broadcasterId },
    });
    const records = recipientIds.map((id) => ({ ...this.#add(broadcasterId, id, tier, { gifter_id: gifterId }) }));
    // The gifter's gifts move the hype train; an anonymous gift is nobody's contribution.
    if (gifterId !== null) this.trains.contributeIfRunning(broadcasterId, { user_id: gifterId, type: 'subscription', total: SUBSCRIPTION_POINTS[tier]! * recipientIds.length });
    return records;
  }

  resubscribe(broadcasterId: string, userId: string, options: ResubscribeOptions): void {
    const { context } = this;
    const record = this.subscriptions.get(broadcasterId)?.get(userId);
    if (!record) throw new Error(`User ${userId} does not subscribe to ${broadcasterId}.`);
    if (!Number.isInteger(options.cumulative_months) || options.cumulative_months < 1) throw new Error(`cumulative_months must be a whole number from 1, not ${options.cumulative_months}.`);
    context.events.raise({
      type: 'channel.subscription.message',
      version: '1',
      event: {
        ...userFields(context, userId, 'user'),
        ...userFields(context, broadcasterId, 'broadcaster_user'),
        tier: record.tier,
        message: { text: options.text ?? '', emotes: [] },
        cumulative_months: options.cumulative_months,
        streak_months: options.streak_months ?? null,
        duration_months: options.duration_months ?? 1,
      },
      condition: { broadcaster_user_id: broadcasterId },
    });
  }

  /** Whether the user subscribes to the broadcaster now (what subscribers-only chat asks). */
  isSubscribed(broadcasterId: string, userId: string): boolean {
    return this.subscriptions.get(broadcasterId)?.has(userId) ?? false;
  }

  /** When the user's subscription to the broadcaster began (epoch ms), or undefined when there is none (what the chat badge counts its months from). */
  subscribedSince(broadcasterId: string, userId: string): number | undefined {
    return this.subscriptions.get(broadcasterId)?.get(userId)?.created_at;
  }

  end(broadcasterId: string, userId: string): boolean {
    const { context } = this;
    const record = this.subscriptions.get(broadcasterId)?.get(userId);
    if (!record) return false;
    this.subscriptions.get(broadcasterId)!.delete(userId);
    context.events.raise({
      type: 'channel.subscription.end',
      version: '1',
      event: { ...userFields(context, userId, 'user'), ...userFields(context, broadcasterId, 'broadcaster_user'), tier: record.tier, is_gift: record.is_gift },
      condition: { broadcaster_user_id: broadcasterId },
    });
    this.goals.unsubscribed(broadcasterId, record.tier);
    return true;
  }

  grantExtension(broadcasterId: string, clientId: string, scope: 'channel:read:subscriptions' | 'user:read:subscriptions'): void {
    this.#requireUser(broadcasterId);
    this.grants.add(`${broadcasterId}:${clientId}:${scope}`);
  }

  get(broadcasterId: string, userId: string): SubscriptionRecord | undefined {
    const record = this.subscriptions.get(broadcasterId)?.get(userId);
    return record && { ...record };
  }
}

/** The subscriptions routes: Get Broadcaster Subscriptions, Check User Subscription. */
export const subscriptionsRoutes: readonly RouteRow<SubscriptionsState>[] = [
  {
    method: 'GET',
    path: '/subscriptions',
    token: 'either',
    scopes: ['channel:read:subscriptions'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, subscriptions) => {
      const broadcasterId = required(request, 'broadcaster_id');
      if (token.userId !== undefined) requireTokenUser(token, broadcasterId, 'broadcaster_id');
      else subscriptions.requireGrant(token, broadcasterId, 'channel:read:subscriptions');
      const userIds = repeated(request, 'user_id', MAX_USER_IDS);
      if (userIds.length > 0 && (request.query.get('after') || request.query.get('before'))) {
        throw new HttpError(400, 'The parameters "after" and "before" cannot be used with "user_id"');
      }
      const all = [...subscriptions.of(broadcasterId).values()];
      const listed = userIds.length > 0 ? all.filter((record) => userIds.includes(record.user_id)) : all;
      // A user_id filter cannot be paged (a cursor is refused with it): every listed subscriber comes in one answer.
      const { data, pagination } = userIds.length > 0 ? { data: listed, pagination: {} } : page(request, listed, SUBSCRIPTION_PAGE);
      return ok(
        data.map((record) => ({
          ...userFields(context, broadcasterId, 'broadcaster'),
          ...subscriptions.giftFields(record, true),
          is_gift: record.is_gift,
          plan_name: record.plan_name,
          tier: record.tier,
          ...userFields(context, record.user_id, 'user'),
        })),
        // With the user_id filter the platform sends both as null (its reference says so).
        userIds.length > 0
          ? { pagination, total: null, points: null }
          : { pagination, total: all.length, points: all.reduce((sum, record) => sum + (TIER_POINTS[record.tier] ?? 1), 0) },
      );
    },
  },
  {
    method: 'GET',
    path: '/subscriptions/user',
    token: 'either',
    scopes: ['user:read:subscriptions'],
    query: ['broadcaster_id', 'user_id'],
    handle: ({ request, token, context }, subscriptions) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const userId = request.query.get('user_id')!;
      if (token.userId !== undefined) requireTokenUser(token, userId, 'user_id');
      else subscriptions.requireGrant(token, broadcasterId, 'user:read:subscriptions');
      const record = subscriptions.subscriptions.get(broadcasterId)?.get(userId);
      if (!record) throw new HttpError(404, 'The user in user_id does not subscribe to the broadcaster in broadcaster_id.');
      return ok([{ ...userFields(context, broadcasterId, 'broadcaster'), ...subscriptions.giftFields(record, false), is_gift: record.is_gift, tier: record.tier }]);
    },
  },
];

/** The subscriptions controls: `mock.subscriptions.*` and `/mock/subscriptions.*`. */
export const subscriptionsControls: ControlTable<SubscriptionsState, SubscriptionsControl> = {
  subscribe: {
    params: ['broadcasterId: string', 'userId: string', 'options?: SubscribeOptions'],
    does: 'A viewer subscribes (`channel.subscribe`).',
    run: (subscriptions, broadcasterId, userId, options) => subscriptions.subscribe(broadcasterId, userId, options),
  },
  gift: {
    params: ['broadcasterId: string', 'gifterId: string | null', 'recipientIds: readonly string[]', 'options?: { tier?: SubscriptionTier }'],
    does: 'A viewer (`gifterId`; null for an anonymous gift) gifts subscriptions in a channel to `recipientIds`: `channel.subscription.gift`, then `channel.subscribe` (`is_gift` true) for each recipient.',
    run: (subscriptions, broadcasterId, gifterId, recipientIds, options) => subscriptions.gift(broadcasterId, gifterId, recipientIds, options),
  },
  resubscribe: {
    params: ['broadcasterId: string', 'userId: string', 'options: ResubscribeOptions'],
    does: 'A subscriber shares a resubscription message (`channel.subscription.message`).',
    run: (subscriptions, broadcasterId, userId, options) => subscriptions.resubscribe(broadcasterId, userId, options),
  },
  end: {
    params: ['broadcasterId: string', 'userId: string'],
    does: 'A subscription ends (`channel.subscription.end`); returns whether there was one.',
    run: (subscriptions, broadcasterId, userId) => subscriptions.end(broadcasterId, userId),
  },
  grantExtension: {
    params: ['broadcasterId: string', 'clientId: string', "scope: 'channel:read:subscriptions' | 'user:read:subscriptions'"],
    does: "The broadcaster grants an extension (its client ID) a scope in the extensions manager, so the extension's app token may call Get Broadcaster Subscriptions (`channel:read:subscriptions`) or Check User Subscription (`user:read:subscriptions`) for the channel.",
    run: (subscriptions, broadcasterId, clientId, scope) => subscriptions.grantExtension(broadcasterId, clientId, scope),
  },
  get: {
    params: ['broadcasterId: string', 'userId: string'],
    does: "A viewer's subscription to a channel; undefined when none.",
    run: (subscriptions, broadcasterId, userId) => subscriptions.get(broadcasterId, userId),
  },
};
