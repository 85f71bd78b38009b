// End-to-end: the raids group (startRaid, cancelRaid) and the ads group (startCommercial,
// adSchedule, snoozeNextAd) against the mock platform over real sockets. The raid countdown is
// shortened with the mock's control and runs on the mock's clock: no test waits 90 seconds.
import { PlatformApiError, PlatformAuthError, PlatformError, PlatformRateLimitError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adSchedule, cancelRaid, snoozeNextAd, startCommercial, startRaid } from '../src/index';
import { failureOf, iso, START, startE2E, type E2E } from './e2e-setup';

let t: E2E;

beforeEach(async () => {
  t = await startE2E();
});

afterEach(async () => {
  await t.mock.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A time as Get Ad Schedule and Snooze Next Ad answer it: epoch seconds, as the platform sends. */
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('raids', () => {
  it('startRaid: pending during the countdown, then channel.raid with the raiding stream viewers', async () => {
    const { mock, client, broadcaster, other } = t;
    mock.streams.start(broadcaster.id, { viewer_count: 321 });
    mock.raids.countdownMs = 40;
    const raided = t.nextEvent('channel.raid');

    const raid = await startRaid(client.as(broadcaster.id), { to_broadcaster_id: other.id });
    expect(raid).toEqual({ created_at: iso(START), is_mature: false });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/raids', status: 200, query: { from_broadcaster_id: broadcaster.id, to_broadcaster_id: other.id } });
    expect(mock.raids.pending(broadcaster.id)).toMatchObject({ to_broadcaster_id: other.id, due_at: START + 40 });
    expect(t.events.some((event) => event.type === 'channel.raid')).toBe(false);

    // The countdown ends on the mock's clock; its timer then raises the event.
    t.advance(40);
    expect((await raided).event).toEqual({
      from_broadcaster_user_id: broadcaster.id,
      from_broadcaster_user_login: 'pixelforge',
      from_broadcaster_user_name: 'PixelForge',
      to_broadcaster_user_id: other.id,
      to_broadcaster_user_login: 'northwind',
      to_broadcaster_user_name: 'Northwind',
      viewers: 321,
    });
    expect(mock.raids.pending(broadcaster.id)).toBeUndefined();
    // Nothing is pending any more: nothing to cancel.
    const nothing = await failureOf(cancelRaid(client.as(broadcaster.id)));
    expect(nothing).toBeInstanceOf(PlatformApiError);
    expect(nothing.message).toBe("The broadcaster doesn't have a pending raid to cancel. (404 on DELETE /raids)");
  });

  it('cancelRaid: the pending raid never happens; a second raid while one is pending is a 409', async () => {
    const { mock, client, broadcaster, other, hobbyist } = t;
    mock.raids.countdownMs = 30_000;
    await startRaid(client.as(broadcaster.id), { to_broadcaster_id: other.id });
    const busy = await failureOf(startRaid(client.as(broadcaster.id), { to_broadcaster_id: hobbyist.id }));
    expect(busy).toBeInstanceOf(PlatformApiError);
    expect((busy as PlatformApiError).status).toBe(409);
    expect(busy.message).toBe('The broadcaster is already in the process of raiding another channel. (409 on POST /raids)');

    t.advance(10_000);
    await expect(cancelRaid(client.as(broadcaster.id))).resolves.toBeUndefined();
    expect(mock.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/raids', status: 204, query: { broadcaster_id: broadcaster.id } });
    t.advance(60_000);
    expect(mock.raids.settle()).toBe(0);
    expect(t.events.some((event) => event.type === 'channel.raid')).toBe(false);
    // A new raid may start now.
    await expect(startRaid(client.as(broadcaster.id), { to_broadcaster_id: hobbyist.id })).resolves.toMatchObject({ created_at: iso(START + 70_000) });
  });

  it('refusals: an unknown target (404), oneself (400), the app token, the scope, 10 requests in 10 minutes (429)', async () => {
    const { mock, client, broadcaster, other } = t;
    const unknown = await failureOf(startRaid(client.as(broadcaster.id), { to_broadcaster_id: '999999' }));
    expect(unknown.message).toBe('The targeted channel was not found. (404 on POST /raids)');
    const self = await failureOf(startRaid(client.as(broadcaster.id), { to_broadcaster_id: broadcaster.id }));
    expect(self.message).toBe('The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same ID. (400 on POST /raids)');

    mock.clearRequests();
    const app = await failureOf(startRaid(client.as('app'), { from_broadcaster_id: broadcaster.id, to_broadcaster_id: other.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('POST /raids only accepts a user access token: the app token cannot be used for it.');
    const scope = await failureOf(cancelRaid(client.as(t.viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:raids scope required by DELETE /raids.');
    expect(t.helixSent()).toEqual([]);

    // Start and cancel share 10 requests in 10 minutes; 2 are spent above.
    mock.raids.countdownMs = 60_000;
    for (let round = 0; round < 4; round++) {
      await startRaid(client.as(broadcaster.id), { to_broadcaster_id: other.id });
      await cancelRaid(client.as(broadcaster.id));
    }
    const limited = await failureOf(startRaid(client.as(broadcaster.id), { to_broadcaster_id: other.id }, { retries: 0 }));
    expect(limited).toBeInstanceOf(PlatformRateLimitError);
    expect((limited as PlatformRateLimitError).status).toBe(429);
    t.advance(10 * MINUTE);
    await expect(startRaid(client.as(broadcaster.id), { to_broadcaster_id: other.id })).resolves.toMatchObject({ is_mature: false });
  });
});

describe('commercials', () => {
  it('startCommercial raises channel.ad_break.begin; another within retry_after is a 429', async () => {
    const { mock, client, broadcaster } = t;
    mock.streams.start(broadcaster.id);
    t.advance(20 * MINUTE);
    const adBreak = t.nextEvent('channel.ad_break.begin');
    const commercial = await startCommercial(client.as(broadcaster.id), { length: 90 });
    expect(commercial).toEqual({ length: 90, message: '', retry_after: 480 });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/channels/commercial', body: { broadcaster_id: broadcaster.id, length: 90 } });
    expect((await adBreak).event).toEqual({
      duration_seconds: 90,
      started_at: iso(START + 20 * MINUTE),
      is_automatic: false,
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: 'pixelforge',
      broadcaster_user_name: 'PixelForge',
      requester_user_id: broadcaster.id,
      requester_user_login: 'pixelforge',
      requester_user_name: 'PixelForge',
    });

    t.advance(479_000);
    const cooling = await failureOf(startCommercial(client.as(broadcaster.id), { length: 30 }, { retries: 0 }));
    expect(cooling).toBeInstanceOf(PlatformRateLimitError);
    expect(cooling.message).toMatch(/^The broadcaster may not run another commercial until the cooldown period expires.* \(429 on POST \/channels\/commercial\)$/);
    t.advance(1_000);
    await expect(startCommercial(client.as(broadcaster.id), { length: 180 })).resolves.toMatchObject({ length: 180 });
  });

  it('refusals: not live (400), neither partner nor affiliate (400), the scope, the length range, an editor for the broadcaster (401)', async () => {
    const { mock, client, broadcaster, hobbyist, editor } = t;
    const offline = await failureOf(startCommercial(client.as(broadcaster.id), { length: 30 }));
    expect(offline).toBeInstanceOf(PlatformApiError);
    expect(offline.message).toBe('To start a commercial, the broadcaster must be streaming live. (400 on POST /channels/commercial)');
    mock.streams.start(hobbyist.id);
    const amateur = await failureOf(startCommercial(client.as(hobbyist.id), { length: 30 }));
    expect((amateur as PlatformApiError).status).toBe(400);

    mock.streams.start(broadcaster.id);
    await t.register(editor, ['channel:edit:commercial']);
    const forSomeoneElse = await failureOf(startCommercial(client.as(editor.id), { broadcaster_id: broadcaster.id, length: 30 }));
    expect((forSomeoneElse as PlatformApiError).status).toBe(401);
    expect(forSomeoneElse.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token. (401 on POST /channels/commercial)");

    mock.clearRequests();
    const scope = await failureOf(startCommercial(client.as(t.other.id), { length: 30 }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 400 is missing the channel:edit:commercial scope required by POST /channels/commercial.');
    for (const length of [0, 181]) {
      const refused = await failureOf(startCommercial(client.as(broadcaster.id), { length }));
      expect(refused).toBeInstanceOf(PlatformError);
      expect(refused.message).toMatch(/^The parameter length of ads\.startCommercial must be .*1 to 180/);
    }
    await expect(startCommercial(client.as(broadcaster.id), { length: 30.5 })).rejects.toThrow('The parameter length of ads.startCommercial must be a whole number; got 30.5.');
    expect(t.helixSent()).toEqual([]);
  });
});

describe('ad schedule and snoozes', () => {
  it('adSchedule: numbers and RFC 3339 times; snoozeNextAd pushes the next ad 5 minutes and spends a snooze; an automatic mid-roll raises channel.ad_break.begin', async () => {
    const { mock, client, broadcaster } = t;
    const me = client.as(broadcaster.id);
    // Offline: no next or last ad.
    await expect(adSchedule(me)).resolves.toEqual({ next_ad_at: 0, last_ad_at: 0, duration: 0, preroll_free_time: 0, snooze_count: 3, snooze_refresh_at: 0 });

    mock.streams.start(broadcaster.id);
    mock.ads.update(broadcaster.id, { preroll_free_time: 900 });
    t.advance(10 * MINUTE);
    const before = await adSchedule(me);
    expect(before).toEqual({ next_ad_at: seconds(START + HOUR), last_ad_at: 0, duration: 60, preroll_free_time: 300, snooze_count: 3, snooze_refresh_at: 0 });
    for (const key of ['duration', 'preroll_free_time', 'snooze_count'] as const) expect(typeof before[key]).toBe('number');

    const snoozed = await snoozeNextAd(me);
    expect(snoozed).toEqual({ snooze_count: 2, snooze_refresh_at: seconds(START + 10 * MINUTE + HOUR), next_ad_at: seconds(START + HOUR + 5 * MINUTE) });
    expect(typeof snoozed.snooze_count).toBe('number');
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/channels/ads/schedule/snooze', query: { broadcaster_id: broadcaster.id } });
    await expect(adSchedule(me)).resolves.toMatchObject({ next_ad_at: snoozed.next_ad_at, snooze_count: 2, snooze_refresh_at: snoozed.snooze_refresh_at });

    await snoozeNextAd(me);
    await snoozeNextAd(me);
    const spent = await failureOf(snoozeNextAd(me, {}, { retries: 0 }));
    expect(spent).toBeInstanceOf(PlatformRateLimitError);
    expect(spent.message).toBe('Channel has no snoozes left. (429 on POST /channels/ads/schedule/snooze)');

    // The mid-roll, 15 minutes late after three snoozes, runs when its time has come.
    const midRoll = t.nextEvent('channel.ad_break.begin');
    t.advance(HOUR + 15 * MINUTE - 10 * MINUTE);
    const after = await adSchedule(me);
    expect((await midRoll).event).toMatchObject({ is_automatic: true, duration_seconds: 60, started_at: iso(START + HOUR + 15 * MINUTE) });
    // One snooze came back an hour after the first was spent.
    expect(after).toMatchObject({ last_ad_at: seconds(START + HOUR + 15 * MINUTE), next_ad_at: seconds(START + 2 * HOUR + 15 * MINUTE), snooze_count: 1, snooze_refresh_at: seconds(START + 2 * HOUR + 10 * MINUTE) });
  });

  it('the app token works for the broadcaster who granted the app the scope, with broadcaster_id given', async () => {
    const { client, broadcaster } = t;
    t.mock.streams.start(broadcaster.id);
    const app = client.as('app');
    await expect(adSchedule(app, { broadcaster_id: broadcaster.id })).resolves.toMatchObject({ snooze_count: 3 });
    await expect(snoozeNextAd(app, { broadcaster_id: broadcaster.id })).resolves.toMatchObject({ snooze_count: 2 });
    await expect(startCommercial(app, { broadcaster_id: broadcaster.id, length: 30 })).resolves.toMatchObject({ length: 30 });
    const sent = t.mock.requests.filter((request) => request.path.startsWith('/channels/'));
    expect(sent.map((request) => [request.method, request.path, request.token === t.mock.requests.find((each) => each.path === '/channels/ads')?.token])).toEqual([
      ['GET', '/channels/ads', true],
      ['POST', '/channels/ads/schedule/snooze', true],
      ['POST', '/channels/commercial', true],
    ]);
    const unnamed = await failureOf(adSchedule(app));
    expect(unnamed).toBeInstanceOf(PlatformAuthError);
    expect(unnamed.message).toBe('GET /channels/ads needs broadcaster_id: the call is made with the app token, which belongs to no user. Set broadcaster_id, or register the acting user with client.auth.addUser().');
  });

  it('refusals: snoozing offline (400), another broadcaster (401), the scope', async () => {
    const { client, broadcaster, hobbyist, other } = t;
    const offline = await failureOf(snoozeNextAd(client.as(hobbyist.id)));
    expect(offline).toBeInstanceOf(PlatformApiError);
    expect(offline.message).toBe('The channel is not currently live. (400 on POST /channels/ads/schedule/snooze)');
    const someoneElse = await failureOf(adSchedule(client.as(hobbyist.id), { broadcaster_id: broadcaster.id }));
    expect((someoneElse as PlatformApiError).status).toBe(401);

    t.mock.clearRequests();
    const scope = await failureOf(snoozeNextAd(client.as(other.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 400 is missing the channel:manage:ads scope required by POST /channels/ads/schedule/snooze.');
    expect(t.helixSent()).toEqual([]);
  });
});
