import { bindControls, type ControlTable, type HttpOnlyRow } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { asTokenUser, Deadlines, iso, ok, userFields, type HelixContext, type RouteRow } from '../helix';

/*
 * The hype train group (Get Hype Train Status), written from the platform's reference, and the
 * trains themselves. A train starts through `mock.hypeTrain.start()` with the contributions that
 * set it off (one `channel.hype_train.progress` each, then `channel.hype_train.begin`: the
 * platform's order is not assured either), moves with `mock.hypeTrain.contribute()` and with the
 * cheers, subscriptions and extension Bits made through the mock's controls while it runs, climbs
 * a level each time its progress reaches the goal (level n needs 500 × n points; the expiry is
 * pushed back 5 minutes), and ends 5 minutes after its last level-up on the mock's clock or with
 * `mock.hypeTrain.end()` (`channel.hype_train.end`), then cools down (an hour by default). Events
 * are raised in version 2, the only version the platform offers.
 */

/** The kind of train. */
export type HypeTrainType = 'regular' | 'treasure' | 'golden_kappa';
/** How a viewer contributed. */
export type HypeContributionType = 'bits' | 'subscription' | 'other';

/** One contribution to a train. */
export interface HypeContribution {
  /** The ID of the viewer who contributed. */
  user_id: string;
  /** How the viewer contributed. */
  type: HypeContributionType;
  /** Points: Bits used, or 500 / 1000 / 2500 for a tier 1 / 2 / 3 subscription. A whole number from 1. */
  total: number;
}

/** A train as the mock keeps it. */
export interface HypeTrainRecord {
  /** The train's ID. */
  id: string;
  /** The channel the train runs in. */
  broadcaster_id: string;
  /** The kind of train. */
  type: HypeTrainType;
  /** The level the train has reached. */
  level: number;
  /** Points contributed in all. */
  total: number;
  /** Points contributed at the current level. */
  progress: number;
  /** Points the current level needs. */
  goal: number;
  /** Every contribution, oldest first. */
  contributions: HypeContribution[];
  /** Epoch ms. */
  started_at: number;
  /** Epoch ms: the train ends then unless it climbs a level first. */
  expires_at: number;
  /** Epoch ms; undefined while it runs. */
  ended_at?: number;
  /** Epoch ms: no train may start before. */
  cooldown_ends_at?: number;
}

/** A channel's record train. */
export interface HypeTrainHigh {
  /** The record level. */
  level: number;
  /** The record total, in points. */
  total: number;
  /** Epoch ms. */
  achieved_at: number;
}

/** What tests can do with hype trains that no API call does. */
export interface HypeTrainControl {
  /**
   * The channel's viewers set off a train with `contributions` (at least one): a
   * `channel.hype_train.progress` for each, then `channel.hype_train.begin`. Throws while a train
   * runs or cools down, and for an unknown user.
   */
  start(broadcasterId: string, options: { type?: HypeTrainType; contributions: HypeContribution[] }): Readonly<HypeTrainRecord>;
  /** A contribution to the running train (`channel.hype_train.progress`). Throws when no train runs. */
  contribute(broadcasterId: string, contribution: HypeContribution): Readonly<HypeTrainRecord>;
  /** Ends the running train now (`channel.hype_train.end`); the cooldown starts. Throws when no train runs. */
  end(broadcasterId: string): Readonly<HypeTrainRecord>;
  /** The running train (after ending those that expired); undefined when none. */
  current(broadcasterId: string): Readonly<HypeTrainRecord> | undefined;
  /** The cooldown after a train ends, in ms of the mock's clock (default an hour). */
  cooldownMs: number;
  /** Ends every train that expired on the mock's clock; returns how many. */
  settle(): number;
}

/** A train ends this long after it started or last climbed a level. */
const EXPIRY_MS = 5 * 60 * 1000;
const DEFAULT_COOLDOWN_MS = 3600 * 1000;
const LEVEL_STEP = 500;
const CONTRIBUTION_TYPES: readonly HypeContributionType[] = ['bits', 'subscription', 'other'];
/** The hype train points of a subscription of each tier. */
export const SUBSCRIPTION_POINTS: Readonly<Record<string, number>> = { '1000': 500, '2000': 1000, '3000': 2500 };

/** What the hype train group keeps (the trains of every channel, their cooldowns and records), the helpers its route shares, and its controls' logic. */
export class HypeTrainState implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts): the trains, cooldowns and records, and the cooldown
   * set through the controls (`cooldownMs`, read and set through its accessors).
   */
  readonly persisted = { as: 'hypeTrain', fields: ['trains', 'cooldownEnds', 'highs', 'cooldownMs'] } as const;
  /** The running train of each channel, by broadcaster ID. */
  readonly trains = new Map<string, HypeTrainRecord>();
  /** When each channel's cooldown ends (epoch ms), by broadcaster ID. */
  readonly cooldownEnds = new Map<string, number>();
  /** Record trains by channel, overall and by train type. */
  readonly highs = new Map<string, Map<HypeTrainType | 'all', HypeTrainHigh>>();
  readonly deadlines: Deadlines;
  #cooldownMs = DEFAULT_COOLDOWN_MS;

  constructor(readonly context: HelixContext) {
    this.deadlines = new Deadlines(context.now);
  }

  /** The cooldown after a train ends, in ms of the mock's clock. */
  get cooldownMs(): number {
    return this.#cooldownMs;
  }

  set cooldownMs(value: number) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`cooldownMs must be 0 or more milliseconds, not ${value}.`);
    this.#cooldownMs = value;
  }

  running(broadcasterId: string): HypeTrainRecord | undefined {
    this.deadlines.settle();
    return this.trains.get(broadcasterId);
  }

  high(broadcasterId: string, type: HypeTrainType | 'all'): HypeTrainHigh | undefined {
    return this.highs.get(broadcasterId)?.get(type);
  }

  /** The channel's viewers set off a train (see `HypeTrainControl.start`); returns a copy. */
  start(broadcasterId: string, options: { type?: HypeTrainType; contributions: HypeContribution[] }): HypeTrainRecord {
    const type = options.type ?? 'regular';
    const { contributions } = options;
    if (!this.context.state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    if (this.running(broadcasterId)) throw new Error(`User ${broadcasterId} already has a hype train running.`);
    const cooldownEnd = this.cooldownEnds.get(broadcasterId);
    if (cooldownEnd !== undefined && cooldownEnd > this.context.now()) throw new Error(`The hype train of user ${broadcasterId} cools down until ${iso(cooldownEnd)}.`);
    if (contributions.length === 0) throw new Error('A hype train starts with at least one contribution.');
    for (const contribution of contributions) this.#check(contribution);
    const now = this.context.now();
    const train: HypeTrainRecord = { id: this.context.state.id(), broadcaster_id: broadcasterId, type, level: 1, total: 0, progress: 0, goal: LEVEL_STEP, contributions: [], started_at: now, expires_at: now + EXPIRY_MS };
    this.trains.set(broadcasterId, train);
    for (const contribution of contributions) this.#apply(train, contribution);
    this.#raise('begin', train);
    return structuredClone(train);
  }

  /** A contribution to the channel's running train (a cheer, a subscription...); false (nothing happens) when none runs. */
  contributeIfRunning(broadcasterId: string, contribution: HypeContribution): boolean {
    const train = this.running(broadcasterId);
    if (!train) return false;
    this.#check(contribution);
    this.#apply(train, contribution);
    return true;
  }

  /** A contribution to the running train; returns a copy of it. Throws when no train runs. */
  contribute(broadcasterId: string, contribution: HypeContribution): HypeTrainRecord {
    if (!this.contributeIfRunning(broadcasterId, contribution)) throw new Error(`User ${broadcasterId} has no hype train running.`);
    return structuredClone(this.running(broadcasterId)!);
  }

  /** Ends the running train now; returns a copy of it. Throws when no train runs. */
  end(broadcasterId: string): HypeTrainRecord {
    const train = this.running(broadcasterId) && this.#finish(broadcasterId);
    if (!train) throw new Error(`User ${broadcasterId} has no hype train running.`);
    return structuredClone(train);
  }

  /** A copy of the running train (after ending those that expired); undefined when none. */
  current(broadcasterId: string): HypeTrainRecord | undefined {
    const train = this.running(broadcasterId);
    return train && structuredClone(train);
  }

  #finish(broadcasterId: string, at = this.context.now()): HypeTrainRecord | undefined {
    const train = this.trains.get(broadcasterId);
    if (!train) return undefined;
    this.deadlines.clear(broadcasterId);
    this.trains.delete(broadcasterId);
    train.ended_at = at;
    train.cooldown_ends_at = at + this.cooldownMs;
    this.cooldownEnds.set(broadcasterId, train.cooldown_ends_at);
    const highs = this.highs.get(broadcasterId) ?? new Map<HypeTrainType | 'all', HypeTrainHigh>();
    this.highs.set(broadcasterId, highs);
    for (const key of ['all', train.type] as const) {
      const best = highs.get(key);
      if (!best || train.level > best.level || (train.level === best.level && train.total > best.total)) highs.set(key, { level: train.level, total: train.total, achieved_at: at });
    }
    this.#raise('end', train);
    return train;
  }

  #check(contribution: HypeContribution): void {
    if (!this.context.state.user(contribution.user_id)) throw new Error(`No user ${contribution.user_id}: add the user with mock.addUser() first.`);
    if (!CONTRIBUTION_TYPES.includes(contribution.type)) throw new Error(`type must be one of ${CONTRIBUTION_TYPES.join(', ')}, not ${String(contribution.type)}.`);
    if (!Number.isInteger(contribution.total) || contribution.total < 1) throw new Error(`total must be a whole number of 1 or more, not ${contribution.total}.`);
  }

  #apply(train: HypeTrainRecord, contribution: HypeContribution): void {
    train.contributions.push({ ...contribution });
    train.total += contribution.total;
    train.progress += contribution.total;
    while (train.progress >= train.goal) {
      train.progress -= train.goal;
      train.level += 1;
      train.goal = LEVEL_STEP * train.level;
      train.expires_at = this.context.now() + EXPIRY_MS;
    }
    this.#arm(train);
    this.#raise('progress', train);
  }

  /** The end of a running train when it expires on the mock's clock. */
  #arm(train: HypeTrainRecord): void {
    this.deadlines.set(train.broadcaster_id, train.expires_at, () => this.#finish(train.broadcaster_id, train.expires_at));
  }

  /** After a restore: the running trains expire on the clock again (a cooldown is a time read when a train starts). */
  restored(): void {
    this.deadlines.clearAll();
    for (const train of this.trains.values()) this.#arm(train);
  }

  /** The biggest contributor of each type, biggest first. */
  topContributions(train: HypeTrainRecord): Record<string, unknown>[] {
    const sums = new Map<string, { user_id: string; type: HypeContributionType; total: number }>();
    for (const contribution of train.contributions) {
      const key = `${contribution.type}:${contribution.user_id}`;
      const sum = sums.get(key) ?? { user_id: contribution.user_id, type: contribution.type, total: 0 };
      sum.total += contribution.total;
      sums.set(key, sum);
    }
    const best = new Map<HypeContributionType, { user_id: string; type: HypeContributionType; total: number }>();
    for (const sum of sums.values()) if ((best.get(sum.type)?.total ?? 0) < sum.total) best.set(sum.type, sum);
    return [...best.values()].sort((a, b) => b.total - a.total).map((sum) => ({ ...userFields(this.context, sum.user_id, 'user'), type: sum.type, total: sum.total }));
  }

  #raise(kind: 'begin' | 'progress' | 'end', train: HypeTrainRecord): void {
    const event: Record<string, unknown> = { id: train.id, ...userFields(this.context, train.broadcaster_id, 'broadcaster_user'), total: train.total };
    if (kind !== 'end') Object.assign(event, { progress: train.progress, goal: train.goal });
    Object.assign(event, { top_contributions: this.topContributions(train), level: train.level });
    if (kind === 'begin') {
      const best = this.high(train.broadcaster_id, train.type);
      Object.assign(event, { all_time_high_level: best?.level ?? 0, all_time_high_total: best?.total ?? 0 });
    }
    Object.assign(event, { shared_train_participants: null, started_at: iso(train.started_at) });
    if (kind === 'end') Object.assign(event, { cooldown_ends_at: iso(train.cooldown_ends_at!), ended_at: iso(train.ended_at!) });
    else event.expires_at = iso(train.expires_at);
    Object.assign(event, { type: train.type, is_shared_train: false });
    this.context.events.raise({ type: `channel.hype_train.${kind}`, version: '2', event, condition: { broadcaster_user_id: train.broadcaster_id } });
  }
}

/** A record train as Get Hype Train Status writes it. */
function highBody(value: HypeTrainHigh | undefined): Record<string, unknown> | null {
  return value ? { level: value.level, total: value.total, achieved_at: iso(value.achieved_at) } : null;
}

/** The hype train route: Get Hype Train Status. */
export const hypeTrainRoutes: readonly RouteRow<HypeTrainState>[] = [
  {
    method: 'GET',
    path: '/hypetrain/status',
    token: 'user',
    scopes: ['channel:read:hype_train'],
    query: ['broadcaster_id'],
    handle: asTokenUser<HypeTrainState>('broadcaster_id', ({ userId, context }, trains) => {
      if (!context.state.user(userId)) throw new HttpError(400, 'The ID in the broadcaster_id query parameter is not valid.');
      const train = trains.running(userId);
      const current = train
        ? {
            id: train.id,
            ...userFields(context, userId, 'broadcaster_user'),
            level: train.level,
            total: train.total,
            progress: train.progress,
            goal: train.goal,
            top_contributions: trains.topContributions(train),
            shared_train_participants: null,
            started_at: iso(train.started_at),
            expires_at: iso(train.expires_at),
            type: train.type,
            is_shared_train: false,
          }
        : null;
      // The mock has no shared trains: their record stays null.
      return ok([{ current, all_time_high: highBody(trains.high(userId, 'all')), shared_all_time_high: null }]);
    }),
  },
];

/** The hype train controls: `mock.hypeTrain.*` and `/mock/hypeTrain.*` (`cooldownMs`, a property, is in `hypeTrainHttpOnly`). */
export const hypeTrainControls: ControlTable<HypeTrainState, HypeTrainControl> = {
  start: {
    params: ['broadcasterId: string', 'options: { type?: HypeTrainType; contributions: HypeContribution[] }'],
    does: "The channel's viewers set off a train with `contributions` (at least one): a `channel.hype_train.progress` for each, then `channel.hype_train.begin`.",
    run: (trains, broadcasterId, options) => trains.start(broadcasterId, options),
  },
  contribute: {
    params: ['broadcasterId: string', 'contribution: HypeContribution'],
    does: 'A contribution to the running train (`channel.hype_train.progress`).',
    run: (trains, broadcasterId, contribution) => trains.contribute(broadcasterId, contribution),
  },
  end: {
    params: ['broadcasterId: string'],
    does: 'Ends the running train now (`channel.hype_train.end`); the cooldown starts.',
    run: (trains, broadcasterId) => trains.end(broadcasterId),
  },
  current: {
    params: ['broadcasterId: string'],
    does: 'The running train (after ending those that expired); undefined when none.',
    run: (trains, broadcasterId) => trains.current(broadcasterId),
  },
  settle: {
    params: [],
    does: "Ends every train that expired on the mock's clock; returns how many.",
    run: (trains) => trains.deadlines.settle(),
  },
};

/** `cooldownMs`, a property in-process, read and set over HTTP. */
export const hypeTrainHttpOnly: Record<string, HttpOnlyRow<HypeTrainState>> = {
  cooldownMs: { of: 'cooldownMs', params: [], reads: true, does: "The cooldown after a train ends, in ms of the mock's clock.", run: (trains) => trains.cooldownMs },
  setCooldownMs: {
    of: 'cooldownMs',
    params: ['ms: number'],
    does: "Sets the cooldown after a train ends, in ms of the mock's clock.",
    run: (trains, ms: number) => {
      trains.cooldownMs = ms;
    },
  },
};

/** `mock.hypeTrain`: the table's methods, and `cooldownMs` read and set on the state. */
export function bindHypeTrainControls(trains: HypeTrainState): HypeTrainControl {
  return bindControls(hypeTrainControls, trains, ['cooldownMs']);
}
