import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { choice, iso, ok, page, repeated, required, rfc3339, userFields, wholeNumberQuery, type HelixContext, type RouteRow } from '../helix';
import { cheerFragments, cheermoteBody, CUSTOM_TIERS, GLOBAL_CHEERMOTES, type CheermoteRecord } from './bits-catalogue';
import { CustomPowerUps, customPowerUpRoutes, type CustomPowerUpInput, type CustomPowerUpRecord, type CustomPowerUpRedemptionRecord } from './bits-power-ups';
import type { GoalsState } from './goals';
import type { HypeTrainState } from './hype-train';

export type { CheermoteRecord, CheermoteType } from './bits-catalogue';
export type { CustomPowerUpInput, CustomPowerUpRecord, CustomPowerUpRedemptionRecord } from './bits-power-ups';

/*
 * The bits group (Get Bits Leaderboard, Get Cheermotes, Get Extension Transactions, Get Custom
 * Power-up), written from the platform's reference. Cheers happen through `mock.bits.cheer()` (no
 * API call cheers): they raise `channel.cheer` and `channel.bits.use`, count on the leaderboard,
 * move the channel's Bits goals and its running hype train. Extension transactions are added with
 * `mock.bits.addExtensionTransaction()` and raise `extension.bits_transaction.create`. Custom
 * Power-ups are set up with `mock.bits.addCustomPowerUp()` and redeemed with
 * `mock.bits.redeemCustomPowerUp()` (./bits-power-ups.ts).
 */

/** A cheer as the mock keeps it. */
export interface CheerRecord {
  /** The cheer's ID. */
  id: string;
  /** The channel cheered in. */
  broadcaster_id: string;
  /** The ID of the viewer who cheered. */
  user_id: string;
  /** An anonymous cheer hides the user from events and the leaderboard. */
  is_anonymous: boolean;
  /** The Bits cheered. */
  bits: number;
  /** The chat message that carried the cheer. */
  message: string;
  /** Epoch ms. */
  cheered_at: number;
}

/** What `mock.bits.cheer()` takes. */
export interface CheerInput {
  /** The viewer cheering (also for an anonymous cheer: the platform knows who paid). */
  user_id: string;
  /** A whole number from 1. */
  bits: number;
  /** The chat message; default `Cheer<bits>`. */
  message?: string;
  /** Hides the viewer from events and the leaderboard; false by default. */
  is_anonymous?: boolean;
}

/** An extension's Bits transaction. */
export interface ExtensionTransactionRecord {
  /** The transaction's ID. */
  id: string;
  /** The extension's client ID. */
  extension_id: string;
  /** The channel where the product was bought. */
  broadcaster_id: string;
  /** The ID of the viewer who bought it. */
  user_id: string;
  /** The product's SKU. */
  sku: string;
  /** Bits exchanged. */
  amount: number;
  /** The product's name, shown to viewers. */
  displayName: string;
  /** The product is in development, not available to the public. */
  inDevelopment: boolean;
  /** The purchase is broadcast to every instance of the extension on the channel. */
  broadcast: boolean;
  /** Epoch ms. */
  timestamp: number;
}

/** What `mock.bits.addExtensionTransaction()` takes. */
export type ExtensionTransactionInput = Pick<ExtensionTransactionRecord, 'extension_id' | 'broadcaster_id' | 'user_id' | 'sku' | 'amount'> &
  Partial<Pick<ExtensionTransactionRecord, 'id' | 'displayName' | 'inDevelopment' | 'broadcast' | 'timestamp'>>;

/** What tests can do with Bits that no API call does. */
export interface BitsControl {
  /**
   * A viewer cheers in a channel: `channel.cheer` and `channel.bits.use` are raised, the cheer
   * counts on the Bits leaderboard (unless anonymous), moves the channel's `new_bit` and
   * `new_cheerer` goals and its running hype train. Throws for an unknown user or a bad amount.
   */
  cheer(broadcasterId: string, cheer: CheerInput): Readonly<CheerRecord>;
  /**
   * A viewer buys an extension's product with Bits: Get Extension Transactions lists it,
   * `extension.bits_transaction.create` is raised and a running hype train moves (not for a
   * product in development).
   */
  addExtensionTransaction(input: ExtensionTransactionInput): Readonly<ExtensionTransactionRecord>;
  /** The broadcaster uploads a custom Cheermote (`channel_custom`), listed with `broadcaster_id`. */
  addCheermote(broadcasterId: string, cheermote: { prefix: string; order?: number }): void;
  /**
   * The broadcaster sets up a custom Power-up (on the platform's site: no API call does): Get Custom
   * Power-up lists it. Throws for an unknown user, a channel neither partner nor affiliate, a title
   * or amount that is missing or wrong, or a 51st Power-up.
   */
  addCustomPowerUp(broadcasterId: string, powerUp: CustomPowerUpInput): Readonly<CustomPowerUpRecord>;
  /**
   * A viewer redeems a custom Power-up: `channel.custom_power_up_redemption.add` (status
   * `unfulfilled`) and `channel.bits.use` (type `custom_power_up`) are raised, and the redemption
   * counts against the Power-up's limits and starts its cooldown. It counts on no leaderboard, goal
   * or hype train. Throws, as the platform refuses the viewer, when the Power-up is unknown,
   * disabled, paused, out of stock, cooling down, past the viewer's per-stream maximum, or needs
   * input that is missing.
   */
  redeemCustomPowerUp(broadcasterId: string, powerUpId: string, userId: string, options?: { user_input?: string }): Readonly<CustomPowerUpRedemptionRecord>;
}

const MAX_COUNT = 100;
const DEFAULT_COUNT = 10;
const PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
const TRANSACTION_PAGE = { defaultFirst: 20, maxFirst: 100 };
const MAX_TRANSACTION_IDS = 100;
/** The leaderboard's periods are counted in PST (UTC−8). */
const PST_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The window `[start, end)` of a leaderboard period that holds `at`, in epoch ms (periods begin at midnight PST). */
export function periodWindow(period: Exclude<(typeof PERIODS)[number], 'all'>, at: number): [number, number] {
  const local = new Date(at - PST_OFFSET_MS);
  const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const midnight = (y: number, m: number, d: number) => Date.UTC(y, m, d) + PST_OFFSET_MS;
  switch (period) {
    case 'day':
      return [midnight(year, month, day), midnight(year, month, day) + DAY_MS];
    case 'week': {
      // Weeks begin on Monday.
      const start = midnight(year, month, day - ((local.getUTCDay() + 6) % 7));
      return [start, start + 7 * DAY_MS];
    }
    case 'month':
      return [midnight(year, month, 1), midnight(year, month + 1, 1)];
    case 'year':
      return [midnight(year, 0, 1), midnight(year + 1, 0, 1)];
  }
}

/** What the bits group keeps (cheers, extension transactions, custom Cheermotes and Power-ups), the helpers its routes share, and its controls' logic; cheers move the channel's goals and hype train. */
export class BitsState implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts): the goals and trains a cheer moves are kept as their own
   * groups, and a Power-up's cooldown is read from its redemptions' times (nothing to arm again).
   */
  readonly persisted = { as: 'bits', fields: ['cheers', 'transactions', 'customCheermotes', 'customPowerUps', 'customPowerUpRedemptions'] } as const;
  readonly cheers: CheerRecord[] = [];
  /** Newest first. */
  readonly transactions: ExtensionTransactionRecord[] = [];
  readonly customCheermotes = new Map<string, CheermoteRecord[]>();
  readonly powerUps: CustomPowerUps;
  /** The custom Power-ups of every channel, by ID: `powerUps.powerUps`, named here for a snapshot. */
  readonly customPowerUps: Map<string, CustomPowerUpRecord>;
  /** Their redemptions, oldest first: `powerUps.redemptions`, named here for a snapshot. */
  readonly customPowerUpRedemptions: CustomPowerUpRedemptionRecord[];

  constructor(
    readonly context: HelixContext,
    readonly goals: GoalsState,
    readonly trains: HypeTrainState,
  ) {
    this.powerUps = new CustomPowerUps(context);
    this.customPowerUps = this.powerUps.powerUps;
    this.customPowerUpRedemptions = this.powerUps.redemptions;
  }

  /** The platform's Cheermotes, and the channel's own when a channel is given. */
  cheermotesOf(broadcasterId: string | null): CheermoteRecord[] {
    return [...GLOBAL_CHEERMOTES, ...(broadcasterId === null ? [] : (this.customCheermotes.get(broadcasterId) ?? []))];
  }

  #requireUser(id: string): void {
    if (!this.context.state.user(id)) throw new Error(`No user ${id}: add the user with mock.addUser() first.`);
  }

  cheer(broadcasterId: string, input: CheerInput): CheerRecord {
    const { context } = this;
    this.#requireUser(broadcasterId);
    this.#requireUser(input.user_id);
    if (!Number.isSafeInteger(input.bits) || input.bits < 1) throw new Error(`bits must be a whole number of 1 or more, not ${input.bits}.`);
    const cheer: CheerRecord = {
      id: context.state.id(),
      broadcaster_id: broadcasterId,
      user_id: input.user_id,
      is_anonymous: input.is_anonymous ?? false,
      bits: input.bits,
      message: input.message ?? `Cheer${input.bits}`,
      cheered_at: context.now(),
    };
    this.cheers.push(cheer);
    const broadcaster = userFields(context, broadcasterId, 'broadcaster_user');
    const condition = { broadcaster_user_id: broadcasterId };
    const anonymous = { user_id: null, user_login: null, user_name: null };
    context.events.raise({
      type: 'channel.cheer',
      version: '1',
      event: { is_anonymous: cheer.is_anonymous, ...(cheer.is_anonymous ? anonymous : userFields(context, cheer.user_id, 'user')), ...broadcaster, message: cheer.message, bits: cheer.bits },
      condition,
    });
    context.events.raise({
      type: 'channel.bits.use',
      version: '1',
      event: {
        ...userFields(context, cheer.user_id, 'user'),
        ...broadcaster,
        bits: cheer.bits,
        type: 'cheer',
        message: { text: cheer.message, fragments: cheerFragments(cheer.message, this.cheermotesOf(broadcasterId)) },
        power_up: null,
        custom_power_up: null,
      },
      condition,
    });
    this.goals.cheered(broadcasterId, cheer.is_anonymous ? undefined : cheer.user_id, cheer.bits);
    // An anonymous cheer is not shown as anyone's contribution.
    if (!cheer.is_anonymous) this.trains.contributeIfRunning(broadcasterId, { user_id: cheer.user_id, type: 'bits', total: cheer.bits });
    return { ...cheer };
  }

  addExtensionTransaction(input: ExtensionTransactionInput): ExtensionTransactionRecord {
    const { context, transactions } = this;
    this.#requireUser(input.broadcaster_id);
    this.#requireUser(input.user_id);
    if (!input.extension_id) throw new Error('extension_id (the extension\'s client ID) is required.');
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) throw new Error(`amount must be a whole number of Bits from 1, not ${input.amount}.`);
    const transaction: ExtensionTransactionRecord = {
      id: input.id ?? context.state.id(),
      extension_id: input.extension_id,
      broadcaster_id: input.broadcaster_id,
      user_id: input.user_id,
      sku: input.sku,
      amount: input.amount,
      displayName: input.displayName ?? input.sku,
      inDevelopment: input.inDevelopment ?? false,
      broadcast: input.broadcast ?? false,
      timestamp: input.timestamp ?? context.now(),
    };
    if (transactions.some((each) => each.id === transaction.id)) throw new Error(`A transaction ${transaction.id} already exists.`);
    transactions.unshift(transaction);
    transactions.sort((a, b) => b.timestamp - a.timestamp);
    context.events.raise({
      type: 'extension.bits_transaction.create',
      version: '1',
      event: {
        extension_client_id: transaction.extension_id,
        id: transaction.id,
        ...userFields(context, transaction.broadcaster_id, 'broadcaster_user'),
        ...userFields(context, transaction.user_id, 'user'),
        product: { name: transaction.displayName, sku: transaction.sku, bits: transaction.inDevelopment ? 0 : transaction.amount, in_development: transaction.inDevelopment },
      },
      condition: { extension_client_id: transaction.extension_id },
    });
    if (!transaction.inDevelopment) this.trains.contributeIfRunning(transaction.broadcaster_id, { user_id: transaction.user_id, type: 'bits', total: transaction.amount });
    return { ...transaction };
  }

  addCheermote(broadcasterId: string, cheermote: { prefix: string; order?: number }): void {
    this.#requireUser(broadcasterId);
    if (!/^[a-z]+$/i.test(cheermote.prefix)) throw new Error(`A Cheermote prefix is letters only, not ${cheermote.prefix}.`);
    const known = this.cheermotesOf(broadcasterId).some((each) => each.prefix.toLowerCase() === cheermote.prefix.toLowerCase());
    if (known) throw new Error(`The Cheermote ${cheermote.prefix} already exists in channel ${broadcasterId}.`);
    const list = this.customCheermotes.get(broadcasterId) ?? [];
    list.push({ prefix: cheermote.prefix, type: 'channel_custom', order: cheermote.order ?? list.length + 1, tiers: CUSTOM_TIERS, last_updated: this.context.now(), is_charitable: false });
    this.customCheermotes.set(broadcasterId, list);
  }

  addCustomPowerUp(broadcasterId: string, powerUp: CustomPowerUpInput): CustomPowerUpRecord {
    return structuredClone(this.powerUps.add(broadcasterId, powerUp));
  }

  redeemCustomPowerUp(broadcasterId: string, powerUpId: string, userId: string, options: { user_input?: string } = {}): CustomPowerUpRedemptionRecord {
    return structuredClone(this.powerUps.redeem(broadcasterId, powerUpId, userId, options.user_input));
  }
}

/** The bits routes: Get Bits Leaderboard, Get Cheermotes, Get Extension Transactions, Get Custom Power-up. */
export const bitsRoutes: readonly RouteRow<BitsState>[] = [
  {
    method: 'GET',
    path: '/bits/leaderboard',
    token: 'user',
    scopes: ['bits:read'],
    handle: ({ request, token, context }, bits) => {
      const count = wholeNumberQuery(request, 'count', 1, MAX_COUNT) ?? DEFAULT_COUNT;
      const period = choice(request, 'period', PERIODS, 'all');
      let window: [number, number] | undefined;
      if (period !== 'all') {
        if (!request.query.get('started_at')) throw new HttpError(400, 'The started_at query parameter is required if period is not set to all.');
        window = periodWindow(period, rfc3339(request.query.get('started_at'), 'started_at'));
      }
      const broadcasterId = token.userId!;
      const scores = new Map<string, { score: number; first: number }>();
      for (const cheer of bits.cheers) {
        if (cheer.broadcaster_id !== broadcasterId || cheer.is_anonymous) continue;
        if (window && (cheer.cheered_at < window[0] || cheer.cheered_at >= window[1])) continue;
        const entry = scores.get(cheer.user_id) ?? { score: 0, first: cheer.cheered_at };
        entry.score += cheer.bits;
        scores.set(cheer.user_id, entry);
      }
      const ranked = [...scores].sort(([, a], [, b]) => b.score - a.score || a.first - b.first).map(([userId, { score }], index) => ({ userId, score, rank: index + 1 }));
      // With user_id, the page is the users ranked around that user.
      const userId = request.query.get('user_id');
      let start = 0;
      let listed = ranked;
      if (userId) {
        const at = ranked.findIndex((entry) => entry.userId === userId);
        listed = at === -1 ? [] : ranked;
        start = at === -1 ? 0 : Math.max(0, Math.min(at - Math.floor((count - 1) / 2), ranked.length - count));
      }
      const data = listed.slice(start, start + count).map((entry) => ({ ...userFields(context, entry.userId, 'user'), rank: entry.rank, score: entry.score }));
      return {
        status: 200,
        body: { data, date_range: { started_at: window ? iso(window[0]) : '', ended_at: window ? iso(window[1]) : '' }, total: data.length },
      };
    },
  },
  {
    method: 'GET',
    path: '/bits/cheermotes',
    token: 'either',
    handle: ({ request }, bits) => {
      const broadcasterId = request.query.get('broadcaster_id') || null;
      // Ascending by `order`; the sort is stable, so the platform's own come before a channel's of the same order.
      const listed = [...bits.cheermotesOf(broadcasterId)].sort((a, b) => a.order - b.order);
      return ok(listed.map(cheermoteBody));
    },
  },
  {
    method: 'GET',
    path: '/extensions/transactions',
    token: 'app',
    query: ['extension_id'],
    handle: ({ request, token, context }, bits) => {
      const extensionId = required(request, 'extension_id');
      if (extensionId !== token.clientId) throw new HttpError(401, 'The ID in the extension_id query parameter must match the client ID in the access token.');
      const ids = [...new Set(repeated(request, 'id', MAX_TRANSACTION_IDS))];
      const own = bits.transactions.filter((transaction) => transaction.extension_id === extensionId);
      let listed = own;
      if (ids.length > 0) {
        listed = own.filter((transaction) => ids.includes(transaction.id));
        if (listed.length < ids.length) throw new HttpError(404, 'One or more of the transaction IDs specified using the id query parameter were not found.');
      }
      const { data, pagination } = page(request, listed, TRANSACTION_PAGE);
      return ok(
        data.map((transaction) => ({
          id: transaction.id,
          timestamp: iso(transaction.timestamp),
          ...userFields(context, transaction.broadcaster_id, 'broadcaster'),
          ...userFields(context, transaction.user_id, 'user'),
          product_type: 'BITS_IN_EXTENSION',
          product_data: {
            sku: transaction.sku,
            // The reference's domain is the platform's extension prefix followed by the extension's ID.
            domain: `platform.ext.${transaction.extension_id}`,
            cost: { amount: transaction.amount, type: 'bits' },
            inDevelopment: transaction.inDevelopment,
            displayName: transaction.displayName,
            expiration: '',
            broadcast: transaction.broadcast,
          },
        })),
        { pagination },
      );
    },
  },
  ...customPowerUpRoutes,
];

/** The bits controls: `mock.bits.*` and `/mock/bits.*`. */
export const bitsControls: ControlTable<BitsState, BitsControl> = {
  cheer: {
    params: ['broadcasterId: string', 'cheer: CheerInput'],
    does: "A viewer cheers in a channel: `channel.cheer` and `channel.bits.use` are raised, the cheer counts on the Bits leaderboard (unless anonymous), moves the channel's `new_bit` and `new_cheerer` goals and its running hype train.",
    run: (bits, broadcasterId, cheer) => bits.cheer(broadcasterId, cheer),
  },
  addExtensionTransaction: {
    params: ['input: ExtensionTransactionInput'],
    does: "A viewer buys an extension's product with Bits: Get Extension Transactions lists it, `extension.bits_transaction.create` is raised and a running hype train moves (not for a product in development).",
    run: (bits, input) => bits.addExtensionTransaction(input),
  },
  addCheermote: {
    params: ['broadcasterId: string', 'cheermote: { prefix: string; order?: number }'],
    does: 'The broadcaster uploads a custom Cheermote (`channel_custom`), listed with `broadcaster_id`.',
    run: (bits, broadcasterId, cheermote) => bits.addCheermote(broadcasterId, cheermote),
  },
  addCustomPowerUp: {
    params: ['broadcasterId: string', 'powerUp: CustomPowerUpInput'],
    does: "The broadcaster sets up a custom Power-up (on the platform's site: no API call does): Get Custom Power-up lists it.",
    run: (bits, broadcasterId, powerUp) => bits.addCustomPowerUp(broadcasterId, powerUp),
  },
  redeemCustomPowerUp: {
    params: ['broadcasterId: string', 'powerUpId: string', 'userId: string', 'options?: { user_input?: string }'],
    does: "A viewer redeems a custom Power-up: `channel.custom_power_up_redemption.add` (status `unfulfilled`) and `channel.bits.use` (type `custom_power_up`) are raised, and the redemption counts against the Power-up's limits and starts its cooldown.",
    run: (bits, broadcasterId, powerUpId, userId, options) => bits.redeemCustomPowerUp(broadcasterId, powerUpId, userId, options),
  },
};
