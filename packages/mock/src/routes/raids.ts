import { HttpError, type Router } from '../http';
import { iso, noContent, ok, registerRoutes, requireTokenUser, route, userFields, type HelixContext } from '../helix';
import type { Broadcasts } from './streams';

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

/** Registers the raids routes and returns the raids' controls. */
export function registerRaidRoutes(router: Router, context: HelixContext, broadcasts: Broadcasts): RaidsControl {
  const { state } = context;
  const raids = new Map<string, PendingRaid & { timer: ReturnType<typeof setTimeout> | undefined }>();
  let countdownMs = RAID_COUNTDOWN_MS;

  const complete = (fromId: string): void => {
    const raid = raids.get(fromId);
    if (!raid) return;
    clearTimeout(raid.timer);
    raids.delete(fromId);
    context.events.raise({
      type: 'channel.raid',
      version: '1',
      event: {
        ...userFields(context, fromId, 'from_broadcaster_user'),
        ...userFields(context, raid.to_broadcaster_id, 'to_broadcaster_user'),
        viewers: broadcasts.live(fromId)?.viewer_count ?? 0,
      },
      condition: { from_broadcaster_user_id: fromId, to_broadcaster_user_id: raid.to_broadcaster_id },
    });
  };

  const settle = (): number => {
    const now = context.now();
    const due = [...raids.values()].filter((raid) => raid.due_at <= now).sort((a, b) => a.due_at - b.due_at);
    for (const raid of due) complete(raid.from_broadcaster_id);
    return due.length;
  };

  // The timer waits in real time for what the countdown has left on the mock's clock; when the
  // mock's clock has not got there yet (a test's frozen clock), it waits again.
  const arm = (fromId: string): void => {
    const raid = raids.get(fromId);
    if (!raid) return;
    raid.timer = setTimeout(
      () => {
        if (raids.get(fromId) !== raid) return;
        if (context.now() >= raid.due_at) complete(fromId);
        else arm(fromId);
      },
      Math.max(0, raid.due_at - context.now()),
    );
    raid.timer.unref?.();
  };

  const limit = (broadcasterId: string) =>
    context.limits.endpoint(`raids:${broadcasterId}`, RAID_REQUESTS, RAID_WINDOW_MS, 'The broadcaster exceeded the number of raid requests that they may make: 10 within a 10-minute window');

  registerRoutes(router, context, [
    route({
      method: 'POST',
      path: '/raids',
      token: 'user',
      scopes: ['channel:manage:raids'],
      query: ['from_broadcaster_id', 'to_broadcaster_id'],
      handle: ({ request, token }) => {
        const fromId = request.query.get('from_broadcaster_id')!;
        const toId = request.query.get('to_broadcaster_id')!;
        requireTokenUser(token, fromId, 'from_broadcaster_id');
        limit(fromId);
        if (fromId === toId) throw new HttpError(400, 'The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same ID.');
        if (!state.user(fromId)) throw new HttpError(400, 'The ID in the from_broadcaster_id query parameter is not valid.');
        if (!state.user(toId)) throw new HttpError(404, 'The targeted channel was not found.');
        if (state.activeBan(toId, fromId)) throw new HttpError(400, 'The raiding broadcaster is blocked from the targeted channel.');
        settle();
        if (raids.has(fromId)) throw new HttpError(409, 'The broadcaster is already in the process of raiding another channel.');
        const now = context.now();
        raids.set(fromId, { from_broadcaster_id: fromId, to_broadcaster_id: toId, created_at: now, due_at: now + countdownMs, timer: undefined });
        arm(fromId);
        return ok([{ created_at: iso(now), is_mature: false }]);
      },
    }),
    route({
      method: 'DELETE',
      path: '/raids',
      token: 'user',
      scopes: ['channel:manage:raids'],
      query: ['broadcaster_id'],
      handle: ({ request, token }) => {
        const broadcasterId = request.query.get('broadcaster_id')!;
        requireTokenUser(token, broadcasterId, 'broadcaster_id');
        limit(broadcasterId);
        settle();
        const raid = raids.get(broadcasterId);
        if (!raid) throw new HttpError(404, "The broadcaster doesn't have a pending raid to cancel.");
        clearTimeout(raid.timer);
        raids.delete(broadcasterId);
        return noContent();
      },
    }),
  ]);

  return {
    get countdownMs() {
      return countdownMs;
    },
    set countdownMs(value: number) {
      if (!Number.isFinite(value) || value < 0) throw new Error(`countdownMs must be 0 or more milliseconds, not ${value}.`);
      countdownMs = value;
    },
    complete(broadcasterId) {
      if (!raids.has(broadcasterId)) throw new Error(`User ${broadcasterId} has no pending raid.`);
      complete(broadcasterId);
    },
    settle,
    pending(broadcasterId) {
      settle();
      const raid = raids.get(broadcasterId);
      return raid && { from_broadcaster_id: raid.from_broadcaster_id, to_broadcaster_id: raid.to_broadcaster_id, created_at: raid.created_at, due_at: raid.due_at };
    },
  };
}
