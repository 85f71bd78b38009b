/**
 * The ads routes of the mock over real sockets (Start Commercial, Get Ad Schedule, Snooze Next Ad)
 * and the `mock.ads` controls: `channel.ad_break.begin`, the live and partner checks, `length`
 * and `retry_after`, the hourly automatic mid-roll and the snoozes, on the mock's clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { iso, setup, START, type Setup } from './streams-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start(options?: Parameters<typeof setup>[0]): Promise<Setup> {
  t = await setup(options);
  return t;
}

const HOUR = 3_600_000;
/** A time as Get Ad Schedule and Snooze Next Ad answer it: epoch seconds, as the platform sends. */
const seconds = (ms: number) => Math.floor(ms / 1000);
const commercial = (s: Setup, body: Record<string, unknown>, token = s.tokens.streamer) => s.call('POST', '/channels/commercial', token, { body: { broadcaster_id: s.streamer.id, ...body } });
const schedule = async (s: Setup) => (await s.call('GET', '/channels/ads', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } })).body.data[0];
const snooze = (s: Setup, token = s.tokens.streamer) => s.call('POST', '/channels/ads/schedule/snooze', token, { query: { broadcaster_id: s.streamer.id } });

describe('Start Commercial: POST /channels/commercial', () => {
  it('runs a commercial on a live channel: channel.ad_break.begin, then retry_after seconds of cooldown', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id);
    s.advance(600_000);
    const answer = await commercial(s, { length: 60 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [{ length: 60, message: '', retry_after: 480 }] });
    expect(s.eventsOf('channel.ad_break.begin')).toEqual([
      {
        type: 'channel.ad_break.begin',
        version: '1',
        event: {
          duration_seconds: 60,
          started_at: iso(START + 600_000),
          is_automatic: false,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          requester_user_id: s.streamer.id,
          requester_user_login: 'streamer',
          requester_user_name: 'Streamer',
        },
        condition: { broadcaster_user_id: s.streamer.id },
      },
    ]);
    s.advance(479_000);
    const cooling = await commercial(s, { length: 30 });
    expect(cooling.status).toBe(429);
    expect(cooling.body.message).toBe('The broadcaster may not run another commercial until the cooldown period expires: retry after 1 second.');
    s.advance(1000);
    // A request past 180 seconds runs 180.
    const longest = await commercial(s, { length: 240 });
    expect(longest.body.data[0].length).toBe(180);
    expect(s.eventsOf('channel.ad_break.begin').at(-1)!.event).toMatchObject({ duration_seconds: 180 });
  });

  it('refuses an offline channel, a channel that is not partner or affiliate, bad lengths and other users', async () => {
    const s = await start();
    const offline = await commercial(s, { length: 60 });
    expect(offline.status).toBe(400);
    expect(offline.body.message).toBe('To start a commercial, the broadcaster must be streaming live.');
    s.mock.streams.start(s.streamer.id);
    for (const length of [0, -30, 1.5, '60']) {
      const answer = await commercial(s, { length });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The parameter "length" was malformed: the value must be a whole number of seconds from 1 to 180');
    }
    expect((await commercial(s, {})).body.message).toBe('Missing required parameter "length"');
    const other = await commercial(s, { length: 60 }, s.tokens.editor);
    expect(other.status).toBe(401);
    expect(other.body.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await commercial(s, { length: 60 }, s.issue(s.streamer.id, ['channel:read:ads']))).body.message).toBe('Missing scope: channel:edit:commercial');
    expect(s.eventsOf('channel.ad_break.begin')).toEqual([]);
    await s.close();

    const plain = await start({ broadcasterType: '' });
    plain.mock.streams.start(plain.streamer.id);
    const refused = await commercial(plain, { length: 60 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only partners and affiliates may run commercials.');
  });
});

describe('Get Ad Schedule: GET /channels/ads', () => {
  it('has no ad while offline; live, an automatic mid-roll each hour that a commercial restarts', async () => {
    const s = await start();
    expect(await schedule(s)).toEqual({ next_ad_at: 0, last_ad_at: 0, duration: 0, preroll_free_time: 0, snooze_count: 3, snooze_refresh_at: 0 });
    s.mock.streams.start(s.streamer.id);
    expect(await schedule(s)).toEqual({ next_ad_at: seconds(START + HOUR), last_ad_at: 0, duration: 60, preroll_free_time: 0, snooze_count: 3, snooze_refresh_at: 0 });
    s.advance(HOUR);
    // The automatic mid-roll ran when its time came on the mock's clock.
    expect(await schedule(s)).toMatchObject({ next_ad_at: seconds(START + 2 * HOUR), last_ad_at: seconds(START + HOUR) });
    expect(s.eventsOf('channel.ad_break.begin').map((event) => event.event)).toEqual([expect.objectContaining({ is_automatic: true, duration_seconds: 60, started_at: iso(START + HOUR) })]);
    s.advance(600_000);
    await commercial(s, { length: 90 });
    expect(await schedule(s)).toMatchObject({ next_ad_at: seconds(START + HOUR + 600_000 + HOUR), last_ad_at: seconds(START + HOUR + 600_000) });
    s.mock.streams.stop(s.streamer.id);
    expect(await schedule(s)).toMatchObject({ next_ad_at: 0, last_ad_at: 0, duration: 0 });
  });

  it('shows the pre-roll free time and duration the controls set, and refuses other users', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id);
    s.mock.ads.update(s.streamer.id, { preroll_free_time: 600, duration: 90 });
    s.advance(100_000);
    expect(await schedule(s)).toMatchObject({ preroll_free_time: 500, duration: 90 });
    s.advance(500_000);
    expect((await schedule(s)).preroll_free_time).toBe(0);
    const other = await s.call('GET', '/channels/ads', s.tokens.editor, { query: { broadcaster_id: s.streamer.id } });
    expect(other.status).toBe(401);
    expect((await s.call('GET', '/channels/ads', s.issue(s.streamer.id, ['channel:manage:ads']), { query: { broadcaster_id: s.streamer.id } })).body.message).toBe('Missing scope: channel:read:ads');
    expect((await s.call('GET', '/channels/ads', s.tokens.streamer)).status).toBe(400);
    expect(() => s.mock.ads.update(s.streamer.id, { snooze_count: 4 })).toThrow(/snooze_count/);
    expect(() => s.mock.ads.update(s.viewer.id, { next_ad_at: START })).toThrow(/not live/);
  });
});

describe('the app token (since 2026-05-29)', () => {
  it('works for all three once the broadcaster granted this client the scope, and is refused otherwise', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id);
    // The streamer signed in with every scope: the app may act for them.
    expect((await commercial(s, { length: 30 }, s.tokens.app)).status).toBe(200);
    expect((await s.call('GET', '/channels/ads', s.tokens.app, { query: { broadcaster_id: s.streamer.id } })).status).toBe(200);
    expect((await snooze(s, s.tokens.app)).status).toBe(200);
    // A channel that never signed in to this client, then granted another scope only.
    const newcomer = s.mock.addUser({ login: 'newcomer', broadcaster_type: 'affiliate' });
    const scheduleOf = () => s.call('GET', '/channels/ads', s.tokens.app, { query: { broadcaster_id: newcomer.id } });
    expect((await scheduleOf()).status).toBe(401);
    s.issue(newcomer.id, ['channel:manage:ads']);
    expect((await scheduleOf()).body).toMatchObject({ status: 401, message: 'The broadcaster in broadcaster_id has not authorized this application with the channel:read:ads scope.' });
    s.issue(newcomer.id, ['channel:read:ads']);
    expect((await scheduleOf()).status).toBe(200);
  });
});

describe('Snooze Next Ad: POST /channels/ads/schedule/snooze', () => {
  it('pushes the next ad back 5 minutes, 3 snoozes at most, one coming back each hour', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id);
    const first = await snooze(s);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: [{ snooze_count: 2, snooze_refresh_at: seconds(START + HOUR), next_ad_at: seconds(START + HOUR + 300_000) }] });
    await snooze(s);
    expect((await snooze(s)).body.data[0]).toEqual({ snooze_count: 0, snooze_refresh_at: seconds(START + HOUR), next_ad_at: seconds(START + HOUR + 900_000) });
    const none = await snooze(s);
    expect(none.status).toBe(429);
    expect(none.body.message).toBe('Channel has no snoozes left.');
    s.advance(HOUR);
    expect(await schedule(s)).toMatchObject({ snooze_count: 1, snooze_refresh_at: seconds(START + 2 * HOUR), next_ad_at: seconds(START + HOUR + 900_000) });
    s.advance(2 * HOUR);
    expect(await schedule(s)).toMatchObject({ snooze_count: 3, snooze_refresh_at: 0 });
  });

  it('refuses an offline channel, a channel with no ad scheduled, other users', async () => {
    const s = await start();
    const offline = await snooze(s);
    expect(offline.status).toBe(400);
    expect(offline.body.message).toBe('The channel is not currently live.');
    s.mock.streams.start(s.streamer.id);
    expect((await snooze(s, s.tokens.editor)).status).toBe(401);
    expect((await snooze(s, s.issue(s.streamer.id, ['channel:read:ads']))).body.message).toBe('Missing scope: channel:manage:ads');
    expect((await s.call('POST', '/channels/ads/schedule/snooze', s.tokens.streamer)).body.message).toBe('Missing required parameter "broadcaster_id"');
    expect(s.mock.ads.schedule(s.streamer.id).next_ad_at).toBe(START + HOUR);
  });
});
