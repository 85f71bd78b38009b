import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extensionAnalytics, gameAnalytics } from '../src/index';
import { createWorld, everythingSaid, rejectionOf, type World } from './e2e-world';

/*
 * The analytics group end to end: report URLs of the user's extensions and games, paged by the
 * mock at most 20 a page whatever `first` asks, with the reporting window the platform moves into
 * the data it has.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('extension reports', () => {
  it('every report of the user’s extensions, 20 a page although 100 were asked; the whole window since 2018-01-31', async () => {
    const { mock, client, developer, other } = world;
    const ids = Array.from({ length: 25 }, (_, index) => `ext-report-${String(index).padStart(2, '0')}`);
    for (const id of ids) mock.analytics.addExtensionReport({ id, owner_id: developer.id });
    mock.analytics.addExtensionReport({ id: 'ext-of-someone-else', owner_id: other.id });

    const reports = extensionAnalytics(client.as(developer.id), { first: 100 });
    const first = await reports;
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toEqual({
      extension_id: 'ext-report-00',
      URL: 'https://reports.example/extensions/ext-report-00/overview_v2.csv',
      type: 'overview_v2',
      // Today is 2026-03-14; the data of the last two days is not ready.
      date_range: { started_at: '2018-01-31T00:00:00Z', ended_at: '2026-03-12T00:00:00Z' },
    });
    const all = await extensionAnalytics(client.as(developer.id), { first: 100 }).all();
    expect(all.map((report) => report.extension_id)).toEqual(ids);
    const pages = world.helix().slice(1);
    expect(pages.map((request) => [request.query.first, request.query.after === undefined])).toEqual([
      ['100', true],
      ['100', false],
    ]);
    expect(pages.every((request) => request.status === 200)).toBe(true);
  });

  it('one extension, in a window: the start moved to 2018-01-31, the end to two days ago', async () => {
    const { mock, client, developer } = world;
    mock.analytics.addExtensionReport({ id: 'ext-trivia', owner_id: developer.id, url: 'https://reports.example/signed/trivia.csv' });
    const [report] = await extensionAnalytics(client.as(developer.id), { extension_id: 'ext-trivia', type: 'overview_v2', started_at: '2017-06-01T00:00:00Z', ended_at: '2026-12-31T00:00:00Z' }).all();
    expect(report).toEqual({
      extension_id: 'ext-trivia',
      URL: 'https://reports.example/signed/trivia.csv',
      type: 'overview_v2',
      date_range: { started_at: '2018-01-31T00:00:00Z', ended_at: '2026-03-12T00:00:00Z' },
    });
    expect(world.helix()[0]?.query).toEqual({ extension_id: 'ext-trivia', type: 'overview_v2', started_at: '2017-06-01T00:00:00Z', ended_at: '2026-12-31T00:00:00Z' });
    const inside = await extensionAnalytics(client.as(developer.id), { extension_id: 'ext-trivia', started_at: '2026-01-01T00:00:00Z', ended_at: '2026-01-31T00:00:00Z' });
    expect(inside.data[0]?.date_range).toEqual({ started_at: '2026-01-01T00:00:00Z', ended_at: '2026-01-31T00:00:00Z' });
  });

  it('an extension the user does not own: 404 from the platform', async () => {
    const { mock, client, developer, other } = world;
    mock.analytics.addExtensionReport({ id: 'ext-theirs', owner_id: other.id });
    const error = await rejectionOf(extensionAnalytics(client.as(developer.id), { extension_id: 'ext-theirs' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The extension specified in the extension_id query parameter was not found. (404 on GET /analytics/extensions)');
  });
});

describe('game reports', () => {
  it('paged 20 at a time; the window starts no earlier than a year ago', async () => {
    const { mock, client, developer } = world;
    const games = Array.from({ length: 21 }, (_, index) => String(490_000 + index));
    for (const id of games) mock.analytics.addGameReport({ id, owner_id: developer.id });
    const all = await gameAnalytics(client.as(developer.id), { started_at: '2024-01-01T00:00:00Z', ended_at: '2026-02-28T00:00:00Z' }).all();
    expect(all.map((report) => report.game_id)).toEqual(games);
    expect(all[20]).toMatchObject({ type: 'overview_v2', date_range: { started_at: '2025-03-14T00:00:00Z', ended_at: '2026-02-28T00:00:00Z' } });
    expect(world.helixSent()).toEqual(['GET /analytics/games', 'GET /analytics/games']);
    const one = await gameAnalytics(client.as(developer.id), { game_id: games[3]!, first: 1 });
    expect(one.data.map((report) => report.game_id)).toEqual([games[3]]);
    expect(one.cursor).toBeUndefined();
  });
});

describe('refused', () => {
  it('the app token: PlatformAuthError before sending', async () => {
    const error = await rejectionOf(() => gameAnalytics(world.client.as('app')).all());
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe('GET /analytics/games only accepts a user access token: the app token cannot be used for it.');
    expect(world.helix()).toEqual([]);
  });

  it('a user without the scope: PlatformScopeError before sending; a raw token without it: 401 from the platform', async () => {
    const { mock, client, viewer, clientId } = world;
    const error = await rejectionOf(() => extensionAnalytics(client.as(viewer.id)).all());
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect(error.message).toBe('The token of user 300 is missing the analytics:read:extensions scope required by GET /analytics/extensions.');
    expect((error as PlatformScopeError).required).toEqual(['analytics:read:extensions']);
    expect(world.helix()).toEqual([]);

    const { accessToken } = mock.issueToken({ clientId, userId: viewer.id, scopes: ['analytics:read:extensions'], expiresIn: null });
    const raw = await rejectionOf(() => gameAnalytics(client, {}, { token: accessToken }).all());
    expect(raw).toBeInstanceOf(PlatformApiError);
    expect((raw as PlatformApiError).status).toBe(401);
    expect(raw.message).toBe('Missing scope: analytics:read:games (401 on GET /analytics/games)');
    expect(everythingSaid(raw)).not.toContain(accessToken);
  });

  it('a window with one end, one ending before it starts, a page of 101: PlatformError before sending', async () => {
    const { client, developer } = world;
    const me = client.as(developer.id);
    const oneEnd = await rejectionOf(() => extensionAnalytics(me, { started_at: '2026-01-01T00:00:00Z' }).all());
    expect(oneEnd).toBeInstanceOf(PlatformError);
    expect(oneEnd.message).toBe('analytics.extensionAnalytics needs the parameter ended_at with started_at: a report window has both ends or none.');
    const backwards = await rejectionOf(() => gameAnalytics(me, { started_at: '2026-02-01T00:00:00Z', ended_at: '2026-01-01T00:00:00Z' }).all());
    expect(backwards.message).toBe('The parameter ended_at of analytics.gameAnalytics must not be before started_at; got ended_at "2026-01-01T00:00:00Z" and started_at "2026-02-01T00:00:00Z".');
    const big = await rejectionOf(() => gameAnalytics(me, { first: 101 }).all());
    expect(big.message).toMatch(/first.*1.*100/);
    expect(world.helix()).toEqual([]);
  });
});
