/**
 * The hype train route of the mock over real sockets (Get Hype Train Status) and the
 * `mock.hypeTrain` controls: a train that starts, climbs levels, moves with cheers and
 * subscriptions, expires on the mock's clock, cools down and sets records; `channel.hype_train.*`
 * in version 2.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, expectDeliverable, iso, setup, START, type Setup } from './engagement-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  if (t) expectDeliverable(t.events);
  await t?.close();
  t = undefined;
});
async function start(): Promise<Setup> {
  t = await setup();
  return t;
}

const MINUTE = 60_000;
const status = (s: Setup, token = s.tokens.streamer) => s.call('GET', '/hypetrain/status', token, { query: { broadcaster_id: s.streamer.id } });

describe('Get Hype Train Status: GET /hypetrain/status', () => {
  it('is null before any train; shows the running train, then the record once it ended', async () => {
    const s = await start();
    expect((await status(s)).body).toEqual({ data: [{ current: null, all_time_high: null, shared_all_time_high: null }] });
    const train = s.mock.hypeTrain.start(s.streamer.id, {
      contributions: [
        { user_id: s.viewer.id, type: 'bits', total: 100 },
        { user_id: s.fan.id, type: 'subscription', total: 500 },
      ],
    });
    expect(train).toMatchObject({ level: 2, total: 600, progress: 100, goal: 1000 });
    expect((await status(s)).body.data[0]).toEqual({
      current: {
        id: train.id,
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        level: 2,
        total: 600,
        progress: 100,
        goal: 1000,
        top_contributions: [
          { user_id: s.fan.id, user_login: 'fan', user_name: 'Fan', type: 'subscription', total: 500 },
          { user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', type: 'bits', total: 100 },
        ],
        shared_train_participants: null,
        started_at: iso(START),
        expires_at: iso(START + 5 * MINUTE),
        type: 'regular',
        is_shared_train: false,
      },
      all_time_high: null,
      shared_all_time_high: null,
    });
    s.advance(MINUTE);
    s.mock.hypeTrain.end(s.streamer.id);
    expect((await status(s)).body.data[0]).toEqual({ current: null, all_time_high: { level: 2, total: 600, achieved_at: iso(START + MINUTE) }, shared_all_time_high: null });
  });

  it('takes a user token with channel:read:hype_train of the broadcaster', async () => {
    const s = await start();
    expect((await status(s, s.issue(s.streamer.id, ['channel:read:hype_train']))).status).toBe(200);
    expect(await status(s, s.issue(s.streamer.id, ['bits:read']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:hype_train') });
    expect((await status(s, s.tokens.app)).status).toBe(401);
    expect(await status(s, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect((await s.call('GET', '/hypetrain/status', s.tokens.streamer)).status).toBe(400);
  });
});

describe('the life of a train', () => {
  it('raises progress for each starting contribution, then begin; climbs levels; cheers and subscriptions move it; end on expiry', async () => {
    const s = await start();
    const train = s.mock.hypeTrain.start(s.streamer.id, { type: 'golden_kappa', contributions: [{ user_id: s.viewer.id, type: 'bits', total: 300 }] });
    expect(s.events.map((event) => event.type)).toEqual(['channel.hype_train.progress', 'channel.hype_train.begin']);
    expect(s.eventsOf('channel.hype_train.begin')[0]).toEqual({
      type: 'channel.hype_train.begin',
      version: '2',
      condition: { broadcaster_user_id: s.streamer.id },
      event: {
        id: train.id,
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        total: 300,
        progress: 300,
        goal: 500,
        top_contributions: [{ user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', type: 'bits', total: 300 }],
        level: 1,
        all_time_high_level: 0,
        all_time_high_total: 0,
        shared_train_participants: null,
        started_at: iso(START),
        expires_at: iso(START + 5 * MINUTE),
        type: 'golden_kappa',
        is_shared_train: false,
      },
    });
    s.advance(MINUTE);
    // A cheer of 250 Bits takes it to level 2 and pushes the expiry back.
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 250 });
    expect(s.mock.hypeTrain.current(s.streamer.id)).toMatchObject({ level: 2, total: 550, progress: 50, goal: 1000, expires_at: START + 6 * MINUTE });
    s.mock.subscriptions.subscribe(s.streamer.id, s.plain.id, { tier: '2000' });
    expect(s.mock.hypeTrain.current(s.streamer.id)).toMatchObject({ level: 3, total: 1550, progress: 50 });
    expect(s.eventsOf('channel.hype_train.progress')).toHaveLength(3);
    expect(s.eventsOf('channel.hype_train.progress')[2]!.event).toMatchObject({ level: 3, total: 1550, expires_at: iso(START + 6 * MINUTE) });
    expect(s.eventsOf('channel.hype_train.progress')[2]!.event).not.toHaveProperty('all_time_high_level');
    // An anonymous cheer is nobody's contribution.
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 10, is_anonymous: true });
    expect(s.mock.hypeTrain.current(s.streamer.id)!.total).toBe(1550);

    s.advance(5 * MINUTE - 1);
    expect(s.mock.hypeTrain.settle()).toBe(0);
    s.advance(1);
    expect(s.mock.hypeTrain.current(s.streamer.id)).toBeUndefined();
    expect(s.eventsOf('channel.hype_train.end')[0]!.event).toEqual({
      id: train.id,
      broadcaster_user_id: s.streamer.id,
      broadcaster_user_login: 'streamer',
      broadcaster_user_name: 'Streamer',
      total: 1550,
      top_contributions: [
        { user_id: s.plain.id, user_login: 'plain', user_name: 'plain', type: 'subscription', total: 1000 },
        { user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', type: 'bits', total: 300 },
      ],
      level: 3,
      shared_train_participants: null,
      started_at: iso(START),
      cooldown_ends_at: iso(START + 6 * MINUTE + 3_600_000),
      ended_at: iso(START + 6 * MINUTE),
      type: 'golden_kappa',
      is_shared_train: false,
    });
    // After the end, cheers move nothing; a new train waits for the cooldown.
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 10 });
    expect(s.eventsOf('channel.hype_train.progress')).toHaveLength(3);
    expect(() => s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'other', total: 10 }] })).toThrow(/cools down until/);
    s.advance(3_600_000);
    s.mock.hypeTrain.start(s.streamer.id, { type: 'golden_kappa', contributions: [{ user_id: s.fan.id, type: 'other', total: 10 }] });
    expect(s.eventsOf('channel.hype_train.begin')[1]!.event).toMatchObject({ all_time_high_level: 3, all_time_high_total: 1550 });
  });

  it('refuses what cannot happen', async () => {
    const s = await start();
    expect(() => s.mock.hypeTrain.contribute(s.streamer.id, { user_id: s.fan.id, type: 'bits', total: 1 })).toThrow(/no hype train running/);
    expect(() => s.mock.hypeTrain.end(s.streamer.id)).toThrow(/no hype train running/);
    expect(() => s.mock.hypeTrain.start(s.streamer.id, { contributions: [] })).toThrow(/at least one contribution/);
    expect(() => s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'bits', total: 0 }] })).toThrow(/total must be/);
    expect(() => s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: 'nobody', type: 'bits', total: 1 }] })).toThrow(/No user nobody/);
    s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'bits', total: 1 }] });
    expect(() => s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'bits', total: 1 }] })).toThrow(/already has a hype train/);
    expect(() => {
      s.mock.hypeTrain.cooldownMs = -1;
    }).toThrow(/cooldownMs/);
    s.mock.hypeTrain.cooldownMs = 0;
    s.mock.hypeTrain.end(s.streamer.id);
    expect(s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'bits', total: 1 }] }).level).toBe(1);
  });
});
