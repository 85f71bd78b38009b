/**
 * The Analytics group over real sockets: Get Extension Analytics and Get Game Analytics (the
 * owner's reports, the reporting window as the reference moves it, 20 URLs a page, forward
 * paging only), with `mock.analytics.addExtensionReport()` / `addGameReport()`.
 */
import { describe, expect, it } from 'vitest';
import { APP_ID, call, errorBody, EXTENSION_ID, platform, setup } from './extensions-setup';

// The mock's clock starts on 2026-03-14 at 18:00 UTC: data is ready up to 2026-03-12.
const LATEST = '2026-03-12T00:00:00Z';

async function owner() {
  const world = await setup();
  const token = world.issue({ userId: world.dev.id, scopes: ['analytics:read:extensions', 'analytics:read:games'] });
  const get = (path: string, query: Record<string, string | undefined> = {}, bearer = token) => call('GET', path, bearer, { clientId: APP_ID, query });
  return { ...world, token, get };
}

describe('GET /analytics/extensions', () => {
  it('gives the owner a report of each extension they own: URL, type, the whole window by default', async () => {
    const { dev, get, viewer } = await owner();
    platform().analytics.addExtensionReport({ id: EXTENSION_ID, owner_id: dev.id });
    platform().analytics.addExtensionReport({ id: 'ext-2', owner_id: dev.id, url: 'https://reports.example/custom.csv' });
    platform().analytics.addExtensionReport({ id: 'ext-3', owner_id: viewer.id });
    const answer = await get('/analytics/extensions');
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          { extension_id: EXTENSION_ID, URL: `https://reports.example/extensions/${EXTENSION_ID}/overview_v2.csv`, type: 'overview_v2', date_range: { started_at: '2018-01-31T00:00:00Z', ended_at: LATEST } },
          { extension_id: 'ext-2', URL: 'https://reports.example/custom.csv', type: 'overview_v2', date_range: { started_at: '2018-01-31T00:00:00Z', ended_at: LATEST } },
        ],
        pagination: {},
      },
    });
  });

  it('moves the dates asked for into the data there is: not before January 31, 2018, not after two days ago', async () => {
    const { dev, get } = await owner();
    platform().analytics.addExtensionReport({ id: EXTENSION_ID, owner_id: dev.id });
    const range = async (started_at: string, ended_at: string) => (await get('/analytics/extensions', { extension_id: EXTENSION_ID, started_at, ended_at })).body.data[0].date_range;
    expect(await range('2025-10-22T00:00:00Z', '2025-10-27T00:00:00Z')).toEqual({ started_at: '2025-10-22T00:00:00Z', ended_at: '2025-10-27T00:00:00Z' });
    expect(await range('2017-01-01T00:00:00Z', '2026-03-14T00:00:00Z')).toEqual({ started_at: '2018-01-31T00:00:00Z', ended_at: LATEST });
    // Times of day count as their day.
    expect(await range('2025-10-22T13:30:00Z', '2025-10-27T23:59:59Z')).toEqual({ started_at: '2025-10-22T00:00:00Z', ended_at: '2025-10-27T00:00:00Z' });
  });

  it('400 for one date without the other, an end before the start, a malformed date, another type, before, first out of range', async () => {
    const { dev, get } = await owner();
    platform().analytics.addExtensionReport({ id: EXTENSION_ID, owner_id: dev.id });
    expect((await get('/analytics/extensions', { started_at: '2025-10-22T00:00:00Z' })).body).toEqual(errorBody(400, /"started_at" and "ended_at" go together/));
    expect((await get('/analytics/extensions', { ended_at: '2025-10-22T00:00:00Z' })).status).toBe(400);
    expect((await get('/analytics/extensions', { started_at: '2025-10-22T00:00:00Z', ended_at: '2025-10-21T00:00:00Z' })).body).toEqual(
      errorBody(400, 'The parameter "ended_at" must be equal to or later than "started_at"'),
    );
    expect((await get('/analytics/extensions', { started_at: '2025-10-22', ended_at: '2025-10-23T00:00:00Z' })).body).toEqual(errorBody(400, /"started_at" was malformed/));
    expect((await get('/analytics/extensions', { type: 'overview_v1' })).body).toEqual(errorBody(400, /"type" was malformed: the value must be overview_v2/));
    expect((await get('/analytics/extensions', { type: 'overview_v2' })).status).toBe(200);
    expect((await get('/analytics/extensions', { before: 'abc' })).body).toEqual(errorBody(400, /page forward only/));
    expect((await get('/analytics/extensions', { first: '0' })).status).toBe(400);
    expect((await get('/analytics/extensions', { first: '101' })).status).toBe(400);
    expect((await get('/analytics/extensions', { after: 'not-a-cursor' })).status).toBe(400);
  });

  it('404 for an extension the user does not own or that has no report', async () => {
    const { viewer, get } = await owner();
    platform().analytics.addExtensionReport({ id: 'ext-3', owner_id: viewer.id });
    const notFound = errorBody(404, 'The extension specified in the extension_id query parameter was not found.');
    expect((await get('/analytics/extensions', { extension_id: 'ext-3' })).body).toEqual(notFound);
    expect((await get('/analytics/extensions', { extension_id: 'nope' })).body).toEqual(notFound);
    // None at all is an empty list.
    expect((await get('/analytics/extensions')).body).toEqual({ data: [], pagination: {} });
  });

  it('pages 20 URLs at most, whatever first asks; after is ignored with extension_id', async () => {
    const { dev, get } = await owner();
    for (let index = 0; index < 25; index++) platform().analytics.addExtensionReport({ id: `ext-${index}`, owner_id: dev.id });
    const first = await get('/analytics/extensions', { first: '100' });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination.cursor).toEqual(expect.any(String));
    const second = await get('/analytics/extensions', { first: '100', after: first.body.pagination.cursor });
    expect(second.body.data.map((report: { extension_id: string }) => report.extension_id)).toEqual(['ext-20', 'ext-21', 'ext-22', 'ext-23', 'ext-24']);
    expect(second.body.pagination).toEqual({});
    const small = await get('/analytics/extensions', { first: '3' });
    expect(small.body.data).toHaveLength(3);
    expect((await get('/analytics/extensions')).body.data).toHaveLength(20);
    const one = await get('/analytics/extensions', { extension_id: 'ext-24', after: first.body.pagination.cursor });
    expect(one.body.data.map((report: { extension_id: string }) => report.extension_id)).toEqual(['ext-24']);
  });

  it('401 for an app token, a user token without the scope, or none', async () => {
    const { issue, dev, get } = await owner();
    expect((await get('/analytics/extensions', {}, issue())).body).toEqual(errorBody(401, 'User access token is required.'));
    expect((await get('/analytics/extensions', {}, issue({ userId: dev.id, scopes: ['analytics:read:games'] }))).body).toEqual(errorBody(401, 'Missing scope: analytics:read:extensions'));
    expect((await call('GET', '/analytics/extensions', undefined, { clientId: APP_ID })).status).toBe(401);
  });
});

describe('GET /analytics/games', () => {
  it('gives the reports of the user games, over the last 365 days by default', async () => {
    const { dev, get } = await owner();
    platform().analytics.addGameReport({ id: '493057', owner_id: dev.id });
    expect((await get('/analytics/games')).body).toEqual({
      data: [{ game_id: '493057', URL: 'https://reports.example/games/493057/overview_v2.csv', type: 'overview_v2', date_range: { started_at: '2025-03-14T00:00:00Z', ended_at: LATEST } }],
      pagination: {},
    });
    const asked = await get('/analytics/games', { game_id: '493057', started_at: '2018-01-01T00:00:00Z', ended_at: '2026-03-01T00:00:00Z' });
    expect(asked.body.data[0].date_range).toEqual({ started_at: '2025-03-14T00:00:00Z', ended_at: '2026-03-01T00:00:00Z' });
    expect((await get('/analytics/games', { game_id: '1' })).body).toEqual(errorBody(404, 'The game specified in the game_id query parameter was not found.'));
    expect(platform().analytics.removeReport('game', '493057')).toBe(true);
    expect((await get('/analytics/games', { game_id: '493057' })).status).toBe(404);
  });

  it('401 without analytics:read:games', async () => {
    const { issue, dev, get } = await owner();
    expect((await get('/analytics/games', {}, issue({ userId: dev.id, scopes: ['analytics:read:extensions'] }))).body).toEqual(errorBody(401, 'Missing scope: analytics:read:games'));
  });
});
