/**
 * The Entitlements group over real sockets: Get Drops Entitlements (the token kind rules of the
 * reference's table, filters, paging) and Update Drops Entitlements (per-ID outcomes), with
 * `mock.entitlements.addOrganization()`, `grant()` (raising `drop.entitlement.grant`) and
 * `failNextUpdate()`.
 */
import { describe, expect, it } from 'vitest';
import { conditionMatches } from '../src/eventsub/core';
import { findType } from '../src/eventsub/registry';
import { advance, APP_ID, call, errorBody, eventsOf, platform, setup, START } from './extensions-setup';

const iso = (ms: number) => new Date(ms).toISOString();
const GAME = '33214';
const OTHER_GAME = '509658';

/** The app `APP_ID` belongs to organization org-1 (owner `dev`), which owns GAME; org-2 owns OTHER_GAME. */
async function world() {
  const base = await setup();
  const entitlements = platform().entitlements;
  entitlements.addOrganization({ id: 'org-1', games: [GAME], clients: [{ clientId: APP_ID, ownerId: base.dev.id }] });
  platform().addClient({ clientId: 'app-2' });
  entitlements.addOrganization({ id: 'org-2', games: [OTHER_GAME], clients: [{ clientId: 'app-2', ownerId: base.streamer.id }] });
  platform().state.addGame({ id: GAME, name: 'Fortnite' });
  const app = base.issue();
  const asViewer = base.issue({ userId: base.viewer.id });
  const get = (query: Record<string, string | string[] | undefined> = {}, bearer = app) => call('GET', '/entitlements/drops', bearer, { clientId: APP_ID, query });
  const update = (body: Record<string, unknown>, bearer = app) => call('PATCH', '/entitlements/drops', bearer, { clientId: APP_ID, body });
  return { ...base, entitlements, app, asViewer, get, update };
}

const ids = (answer: { body: { data: Array<{ id: string }> } }) => answer.body.data.map((entitlement) => entitlement.id);

describe('grant() and drop.entitlement.grant', () => {
  it('records the entitlement and raises the batched event with the organization, category and campaign', async () => {
    const { entitlements, viewer, get } = await world();
    const granted = entitlements.grant({ user_id: viewer.id, game_id: GAME, benefit_id: 'benefit-1', campaign_id: 'campaign-1' });
    expect(granted).toMatchObject({ user_id: viewer.id, game_id: GAME, fulfillment_status: 'CLAIMED', organization_id: 'org-1', timestamp: START });
    expect(eventsOf('drop.entitlement.grant')).toEqual([
      {
        type: 'drop.entitlement.grant',
        version: '1',
        condition: { organization_id: 'org-1', category_id: GAME, campaign_id: 'campaign-1' },
        event: [
          {
            organization_id: 'org-1',
            category_id: GAME,
            category_name: 'Fortnite',
            campaign_id: 'campaign-1',
            user_id: viewer.id,
            user_login: 'viewer',
            user_name: 'viewer',
            entitlement_id: granted.id,
            benefit_id: 'benefit-1',
            created_at: iso(START),
          },
        ],
      },
    ]);
    // A subscription by organization alone, or with the same category, gets it; another campaign does not.
    const entry = findType('drop.entitlement.grant', '1')!;
    const raised = eventsOf('drop.entitlement.grant')[0]!.condition;
    expect(conditionMatches(entry, { organization_id: 'org-1' }, raised)).toBe(true);
    expect(conditionMatches(entry, { organization_id: 'org-1', category_id: GAME }, raised)).toBe(true);
    expect(conditionMatches(entry, { organization_id: 'org-1', campaign_id: 'campaign-2' }, raised)).toBe(false);
    expect((await get()).body).toEqual({
      data: [{ id: granted.id, benefit_id: 'benefit-1', timestamp: iso(START), user_id: viewer.id, game_id: GAME, fulfillment_status: 'CLAIMED', last_updated: iso(START) }],
      pagination: {},
    });
    expect(() => entitlements.grant({ user_id: viewer.id, game_id: '1' })).toThrow(/No organization owns the game 1/);
  });
});

describe('GET /entitlements/drops', () => {
  it('an app token sees every entitlement of its organization, filtered by user_id, game_id, id and fulfillment_status', async () => {
    const { entitlements, viewer, streamer, get } = await world();
    const a = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    const b = entitlements.grant({ user_id: streamer.id, game_id: GAME, fulfillment_status: 'FULFILLED' });
    const c = entitlements.grant({ user_id: viewer.id, game_id: GAME, fulfillment_status: 'FULFILLED' });
    entitlements.grant({ user_id: viewer.id, game_id: OTHER_GAME });
    expect(ids(await get())).toEqual([a.id, b.id, c.id]);
    expect(ids(await get({ user_id: viewer.id }))).toEqual([a.id, c.id]);
    expect(ids(await get({ user_id: viewer.id, game_id: GAME }))).toEqual([a.id, c.id]);
    expect(ids(await get({ game_id: GAME, fulfillment_status: 'FULFILLED' }))).toEqual([b.id, c.id]);
    expect(ids(await get({ id: [c.id, a.id, '00000000-0000-4000-8000-ffffffffffff'] }))).toEqual([a.id, c.id]);
  });

  it('a user token sees what was granted to its user; user_id of someone else is 400', async () => {
    const { entitlements, viewer, streamer, get, asViewer } = await world();
    const a = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    entitlements.grant({ user_id: streamer.id, game_id: GAME });
    expect(ids(await get({}, asViewer))).toEqual([a.id]);
    expect(ids(await get({ game_id: GAME }, asViewer))).toEqual([a.id]);
    expect((await get({ user_id: streamer.id }, asViewer)).body).toEqual(errorBody(400, 'The ID in the user_id query parameter must match the user ID in the user access token.'));
  });

  it('403 for a game or entitlements of another organization; 400 for a bad status or too many IDs', async () => {
    const { entitlements, viewer, get } = await world();
    const foreign = entitlements.grant({ user_id: viewer.id, game_id: OTHER_GAME });
    expect((await get({ game_id: OTHER_GAME })).body).toEqual(
      errorBody(403, 'The organization associated with the client in the access token must own the game specified in the game_id query parameter.'),
    );
    expect((await get({ id: foreign.id })).body).toEqual(errorBody(403, 'The organization associated with the client in the access token must own the entitlements specified in the id query parameter.'));
    expect((await get({ fulfillment_status: 'claimed' })).body).toEqual(errorBody(400, /fulfillment_status query parameter is not valid/));
    expect((await get({ id: Array.from({ length: 101 }, (_, index) => `id-${index}`) })).body).toEqual(errorBody(400, /"id" may be given at most 100 times/));
  });

  it('400 for a client of no organization, or whose owner left it; 401 without a token', async () => {
    const { entitlements, dev, issue } = await world();
    platform().addClient({ clientId: 'loner' });
    expect((await call('GET', '/entitlements/drops', issue({ clientId: 'loner' }), { clientId: 'loner' })).body).toEqual(
      errorBody(400, 'The client in the access token is not associated with a known organization.'),
    );
    expect(entitlements.removeMember('org-1', dev.id)).toBe(true);
    const answer = await call('GET', '/entitlements/drops', issue(), { clientId: APP_ID });
    expect(answer.body).toEqual(errorBody(400, 'The owner of the client in the access token is not a member of the organization.'));
    expect((await call('GET', '/entitlements/drops', undefined, { clientId: APP_ID })).status).toBe(401);
  });

  it('pages with first (1 to 1000, default 20) and after', async () => {
    const { entitlements, viewer, get } = await world();
    const granted = Array.from({ length: 25 }, () => entitlements.grant({ user_id: viewer.id, game_id: GAME }).id);
    const first = await get();
    expect(ids(first)).toEqual(granted.slice(0, 20));
    const rest = await get({ after: first.body.pagination.cursor });
    expect(ids(rest)).toEqual(granted.slice(20));
    expect(rest.body.pagination).toEqual({});
    expect(ids(await get({ first: '1000' }))).toHaveLength(25);
    expect((await get({ first: '1001' })).status).toBe(400);
    expect((await get({ first: '0' })).status).toBe(400);
  });
});

describe('PATCH /entitlements/drops', () => {
  it('updates the status of what the organization owns; groups the IDs by outcome', async () => {
    const { entitlements, viewer, streamer, update, get } = await world();
    const a = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    const b = entitlements.grant({ user_id: streamer.id, game_id: GAME });
    const foreign = entitlements.grant({ user_id: viewer.id, game_id: OTHER_GAME });
    const failing = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    entitlements.failNextUpdate(failing.id);
    const missing = '00000000-0000-4000-8000-ffffffffffff';
    advance(5000);
    const answer = await update({ fulfillment_status: 'FULFILLED', entitlement_ids: [a.id, foreign.id, 'not-an-id', missing, failing.id, b.id, a.id] });
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          { status: 'SUCCESS', ids: [a.id, b.id] },
          { status: 'INVALID_ID', ids: ['not-an-id'] },
          { status: 'NOT_FOUND', ids: [missing] },
          { status: 'UNAUTHORIZED', ids: [foreign.id] },
          { status: 'UPDATE_FAILED', ids: [failing.id] },
        ],
      },
    });
    const after = (await get({ id: [a.id, failing.id] })).body.data;
    expect(after).toEqual([
      expect.objectContaining({ id: a.id, fulfillment_status: 'FULFILLED', timestamp: iso(START), last_updated: iso(START + 5000) }),
      expect.objectContaining({ id: failing.id, fulfillment_status: 'CLAIMED', last_updated: iso(START) }),
    ]);
    // The failure was transient: the retry succeeds.
    expect((await update({ fulfillment_status: 'FULFILLED', entitlement_ids: [failing.id] })).body.data).toEqual([{ status: 'SUCCESS', ids: [failing.id] }]);
    expect(entitlements.get(failing.id)?.fulfillment_status).toBe('FULFILLED');
    // And back.
    await update({ fulfillment_status: 'CLAIMED', entitlement_ids: [a.id] });
    expect(entitlements.get(a.id)?.fulfillment_status).toBe('CLAIMED');
  });

  it('a user token updates its own user entitlements only', async () => {
    const { entitlements, viewer, streamer, update, asViewer } = await world();
    const mine = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    const theirs = entitlements.grant({ user_id: streamer.id, game_id: GAME });
    expect((await update({ fulfillment_status: 'FULFILLED', entitlement_ids: [mine.id, theirs.id] }, asViewer)).body.data).toEqual([
      { status: 'SUCCESS', ids: [mine.id] },
      { status: 'UNAUTHORIZED', ids: [theirs.id] },
    ]);
    expect(entitlements.get(theirs.id)?.fulfillment_status).toBe('CLAIMED');
  });

  it('400 for a bad status, more than 100 IDs, IDs that are no list; without a status nothing changes; without IDs nothing is answered', async () => {
    const { entitlements, viewer, update } = await world();
    const a = entitlements.grant({ user_id: viewer.id, game_id: GAME });
    expect((await update({ fulfillment_status: 'DONE', entitlement_ids: [a.id] })).body).toEqual(errorBody(400, 'The value in the fulfillment_status field is not valid: it must be CLAIMED or FULFILLED'));
    expect((await update({ fulfillment_status: 'FULFILLED', entitlement_ids: Array.from({ length: 101 }, (_, index) => `id-${index}`) })).body).toEqual(
      errorBody(400, 'The field "entitlement_ids" may hold at most 100 IDs'),
    );
    expect((await update({ fulfillment_status: 'FULFILLED', entitlement_ids: a.id })).status).toBe(400);
    expect((await update({ entitlement_ids: [a.id] })).body.data).toEqual([{ status: 'SUCCESS', ids: [a.id] }]);
    expect(entitlements.get(a.id)?.fulfillment_status).toBe('CLAIMED');
    expect((await update({ fulfillment_status: 'FULFILLED' })).body).toEqual({ data: [] });
    expect((await call('PATCH', '/entitlements/drops', undefined, { clientId: APP_ID, body: {} })).status).toBe(401);
  });
});
