import { bindControls, type ControlTable, type HttpOnlyRow } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { iso, noContent, ok, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';
import type { StreamsState } from './streams';

/*
 * The raids group (Start a raid, Cancel a raid), written from the platform's reference. A raid is
 * pending for the platform's 90-second countdown, then happens and raises `channel.raid`. The
 * countdown runs on the mock's clock: a raid whose countdown has ended completes when its timer
 * fires, when a raids route or control next looks at it, or at once with `mock.raids.complete()`
 * (the broadcaster clicking Raid Now).
 */

/** A raid waiting for its countdown. */
export interface PendingRaid {
  /** The channel raiding. */
  from_broadcaster_id: string;
  /** The channel being raided. */
  to_broadcaster_id: string;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms: when the countdown ends and the raid happens. */
  due_at: number;
}

/** What tests can do with raids that no API call does. */
export interface RaidsControl {
  /**
   * The countdown of raids started from now on, in ms of the mock's clock (the platform's 90
   * seconds by default). 0 makes a raid happen on the next turn of the event loop.
   */
  countdownMs: number;
  /**
   * The raid of `broadcasterId` happens now (Raid Now): `channel.raid` is raised with the
   * raiding stream's viewer count. Throws when the broadcaster has no pending raid.
   */
  complete(broadcasterId: string): void;
  /** Completes every raid whose countdown has ended on the mock's clock; returns how many. */
  settle(): number;
  /** The pending raid of a broadcaster (after settling those that are due); undefined when none. */
  pending(broadcasterId: string): Readonly<PendingRaid> | undefined;
}

/** The platform's countdown before a raid happens. */
const RAID_COUNTDOWN_MS = 90_000;
/** Start a raid and Cancel a raid: 10 requests in a 10-minute window. */
const RAID_REQUESTS = 10;
const RAID_WINDOW_MS = 600_000;

/** What the raids group keeps (the pending raids, the countdown), the helpers its routes share, and its controls' logic. */
export class RaidsState implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts): the pending raids, and the countdown set through the
   * controls (`countdownMs`, read and set through its accessors). The timers are armed again.
   */
  readonly persisted = { as: 'raids', fields: ['raids', 'countdownMs'] } as const;
  /** The pending raids, by raiding broadcaster. */
  readonly raids = new Map<string, PendingRaid>();
  /** The timer of each pending raid's countdown, by raiding broadcaster. */
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #countdownMs = RAID_COUNTDOWN_MS;

  constructor(
    readonly context: HelixContext,
    readonly streams: StreamsState,
  ) {}

  /** The countdown of raids started from now on, in ms of the mock's clock. */
  get countdownMs(): number {
    return this.#countdownMs;
  }

  set countdownMs(value: number) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`countdownMs must be 0 or more milliseconds, not ${value}.`);
    this.#countdownMs = value;
  }

  /** The raid of `fromId` happens (`channel.raid`); nothing when it has none pending. */
  happen(fromId: string): void {
    const raid = this.raids.get(fromId);
    if (!raid) return;
    this.drop(fromId);
    this.context.events.raise({
      type: 'channel.raid',
      version: '1',
      event: {
        ...userFields(this.context, fromId, 'from_broadcaster_user'),
        ...userFields(this.context, raid.to_broadcaster_id, 'to_broadcaster_user'),
        viewers: this.streams.live(fromId)?.viewer_count ?? 0,
      },
      condition: { from_broadcaster_user_id: fromId, to_broadcaster_user_id: raid.to_broadcaster_id },
    });
  }

  settle(): number {
    const now = this.context.now();
    const due = [...this.raids.values()].filter((raid) => raid.due_at <= now).sort((a, b) => a.due_at - b.due_at);
    for (const raid of due) this.happen(raid.from_broadcaster_id);
    return due.length;
  }

  // The timer waits in real time for what the countdown has left on the mock's clock; when the
  // mock's clock has not got there yet (a test's frozen clock), it waits again.
  arm(fromId: string): void {
    const raid = this.raids.get(fromId);
    if (!raid) return;
    clearTimeout(this.#timers.get(fromId));
    const timer = setTimeout(
      () => {
        if (this.raids.get(fromId) !== raid) return;
        if (this.context.now() >= raid.due_at) this.happen(fromId);
        else this.arm(fromId);
      },
      Math.max(0, raid.due_at - this.context.now()),
    );
    timer.unref?.();
    this.#timers.set(fromId, timer);
  }

  /** The raid of `fromId` is no longer pending (it happened or was canceled): its timer is stopped. */
  drop(fromId: string): void {
    clearTimeout(this.#timers.get(fromId));
    this.#timers.delete(fromId);
    this.raids.delete(fromId);
  }

  /** After a restore: the countdowns of the pending raids run again (one already due happens on the next turn). */
  restored(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const fromId of this.raids.keys()) this.arm(fromId);
  }

  /** Start a raid and Cancel a raid share the broadcaster's 10 requests in 10 minutes. */
  limit(broadcasterId: string): void {
    this.context.limits.endpoint(`raids:${broadcasterId}`, RAID_REQUESTS, RAID_WINDOW_MS, 'The broadcaster exceeded the number of raid requests that they may make: 10 within a 10-minute window');
  }

  complete(broadcasterId: string): void {
    if (!this.raids.has(broadcasterId)) throw new Error(`User ${broadcasterId} has no pending raid.`);
    this.happen(broadcasterId);
  }

  pending(broadcasterId: string): PendingRaid | undefined {
    this.settle();
    const raid = this.raids.get(broadcasterId);
    return raid && { from_broadcaster_id: raid.from_broadcaster_id, to_broadcaster_id: raid.to_broadcaster_id, created_at: raid.created_at, due_at: raid.due_at };
  }
}

/** The raids routes: Start a raid, Cancel a raid. */
export const raidsRoutes: readonly RouteRow<RaidsState>[] = [
  {
    method: 'POST',
    path: '/raids',
    token: 'user',
    scopes: ['channel:manage:raids'],
    query: ['from_broadcaster_id', 'to_broadcaster_id'],
    handle: ({ request, token, context }, raids) => {
      const fromId = request.query.get('from_broadcaster_id')!;
      const toId = request.query.get('to_broadcaster_id')!;
      requireTokenUser(token, fromId, 'from_broadcaster_id');
      raids.limit(fromId);
      if (fromId === toId) throw new HttpError(400, 'The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same ID.');
      if (!context.state.user(fromId)) throw new HttpError(400, 'The ID in the from_broadcaster_id query parameter is not valid.');
      if (!context.state.user(toId)) throw new HttpError(404, 'The targeted channel was not found.');
      if (context.state.activeBan(toId, fromId)) throw new HttpError(400, 'The raiding broadcaster is blocked from the targeted channel.');
      raids.settle();
      if (raids.raids.has(fromId)) throw new HttpError(409, 'The broadcaster is already in the process of raiding another channel.');
      const now = context.now();
      raids.raids.set(fromId, { from_broadcaster_id: fromId, to_broadcaster_id: toId, created_at: now, due_at: now + raids.countdownMs });
      raids.arm(fromId);
      return ok([{ created_at: iso(now), is_mature: false }]);
    },
  },
  {
    method: 'DELETE',
    path: '/raids',
    token: 'user',
    scopes: ['channel:manage:raids'],
    query: ['broadcaster_id'],
    handle: ({ request, token }, raids) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      raids.limit(broadcasterId);
      raids.settle();
      const raid = raids.raids.get(broadcasterId);
      if (!raid) throw new HttpError(404, "The broadcaster doesn't have a pending raid to cancel.");
      raids.drop(broadcasterId);
      return noContent();
    },
  },
];

/** The raids controls: `mock.raids.*` and `/mock/raids.*`. */
export const raidsControls: ControlTable<RaidsState, RaidsControl> = {
  complete: {
    params: ['broadcasterId: string'],
    does: "The raid of `broadcasterId` happens now (Raid Now): `channel.raid` is raised with the raiding stream's viewer count.",
    run: (raids, broadcasterId) => raids.complete(broadcasterId),
  },
  settle: {
    params: [],
    does: "Completes every raid whose countdown has ended on the mock's clock; returns how many.",
    run: (raids) => raids.settle(),
  },
  pending: {
    params: ['broadcasterId: string'],
    does: 'The pending raid of a broadcaster (after settling those that are due); undefined when none.',
    run: (raids, broadcasterId) => raids.pending(broadcasterId),
  },
};

/** `countdownMs`, a property in-process, read and set over HTTP. */
export const raidsHttpOnly: Record<string, HttpOnlyRow<RaidsState>> = {
  countdownMs: { of: 'countdownMs', params: [], reads: true, does: "The countdown of raids started from now on, in ms of the mock's clock.", run: (raids) => raids.countdownMs },
  setCountdownMs: {
    of: 'countdownMs',
    params: ['ms: number'],
    does: "Sets the countdown of raids started from now on, in ms of the mock's clock.",
    run: (raids, ms: number) => {
      raids.countdownMs = ms;
    },
  },
};

/** `mock.raids`: the table's methods, and `countdownMs` read and set on the state. */
export function bindRaidsControls(raids: RaidsState): RaidsControl {
  return bindControls(raidsControls, raids, ['countdownMs']);
}
