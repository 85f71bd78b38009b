import { PlatformApiError, PlatformError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropsEntitlements, updateDropsEntitlements } from '../src/index';
import { createWorld, GAME_ID, iso, OTHER_GAME_ID, rejectionOf, START, type World } from './e2e-world';

/*
 * The entitlements group end to end: Drops granted by the mock (as a campaign would), listed with
 * every filter and paged, fulfilled and read back, with an app token (the organization's view)
 * and a user token (that user's own).
 */

let world: World;
/** The organization's second game. */
const SIDE_GAME_ID = '1234';
/** An entitlement ID nobody granted (a UUID, as the platform's are). */
const UNKNOWN_ID = '9a290126-7e3b-4f66-a9ae-551537893b65';

beforeEach(async () => {
  world = await createWorld();
  const { mock, clientId, developer, other } = world;
  mock.entitlements.addOrganization({ id: 'org-trivia', games: [GAME_ID, SIDE_GAME_ID], clients: [{ clientId, ownerId: developer.id }] });
  mock.addClient({ clientId: 'rival-app' });
  mock.entitlements.addOrganization({ id: 'org-rival', games: [OTHER_GAME_ID], clients: [{ clientId: 'rival-app', ownerId: other.id }] });
});

afterEach(async () => {
  await world.close();
});

/** Grants the Drops most tests read: three of the game to the viewer, two to another user, one of the side game (fulfilled). */
function grantDrops() {
  const { mock, viewer, other } = world;
  const grant = (user_id: string, game_id: string, fulfillment_status?: 'CLAIMED' | 'FULFILLED') => {
    world.advance(1000);
    return mock.entitlements.grant({ user_id, game_id, benefit_id: 'benefit-crate', ...(fulfillment_status ? { fulfillment_status } : {}) }).id;
  };
  const viewerIds = [grant(viewer.id, GAME_ID), grant(viewer.id, GAME_ID), grant(viewer.id, GAME_ID)];
  const otherIds = [grant(other.id, GAME_ID), grant(other.id, GAME_ID)];
  const sideId = grant(viewer.id, SIDE_GAME_ID, 'FULFILLED');
  const rivalId = mock.entitlements.grant({ user_id: viewer.id, game_id: OTHER_GAME_ID }).id;
  return { viewerIds, otherIds, sideId, rivalId };
}

describe('listed', () => {
  it('with the app token: the organization’s entitlements, filtered by user, game and status, paged', async () => {
    const { client, viewer, other } = world;
    const { viewerIds, otherIds, sideId } = grantDrops();
    const app = client.as('app');
    const all = await dropsEntitlements(app, { first: 2 }).all();
    expect(all.map((entitlement) => entitlement.id)).toEqual([...viewerIds, ...otherIds, sideId]);
    expect(world.helix().map((request) => request.query.after === undefined)).toEqual([true, false, false]);
    expect(all[0]).toEqual({
      id: viewerIds[0],
      benefit_id: 'benefit-crate',
      timestamp: iso(START + 1000),
      user_id: viewer.id,
      game_id: GAME_ID,
      fulfillment_status: 'CLAIMED',
      last_updated: iso(START + 1000),
    });

    expect((await dropsEntitlements(app, { user_id: other.id }).all()).map((entitlement) => entitlement.id)).toEqual(otherIds);
    expect((await dropsEntitlements(app, { user_id: viewer.id, game_id: GAME_ID }).all()).map((entitlement) => entitlement.id)).toEqual(viewerIds);
    expect((await dropsEntitlements(app, { fulfillment_status: 'FULFILLED' }).all()).map((entitlement) => entitlement.id)).toEqual([sideId]);
    expect((await dropsEntitlements(app, { game_id: SIDE_GAME_ID, fulfillment_status: 'CLAIMED' }).all())).toEqual([]);
    expect(world.helix().at(-1)?.query).toEqual({ game_id: SIDE_GAME_ID, fulfillment_status: 'CLAIMED' });
  });

  it('with a user token: that user’s own; naming another user is refused by the platform (400)', async () => {
    const { client, viewer, other } = world;
    const { viewerIds, sideId } = grantDrops();
    const mine = await dropsEntitlements(client.as(viewer.id)).all();
    expect(mine.map((entitlement) => entitlement.id)).toEqual([...viewerIds, sideId]);
    expect((await dropsEntitlements(client.as(viewer.id), { game_id: SIDE_GAME_ID }).all()).map((entitlement) => entitlement.id)).toEqual([sideId]);
    const error = await rejectionOf(() => dropsEntitlements(client.as(viewer.id), { user_id: other.id }).all());
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The ID in the user_id query parameter must match the user ID in the user access token. (400 on GET /entitlements/drops)');
  });

  it('105 IDs: read 100 then 5, joined in order', async () => {
    const { mock, client, viewer } = world;
    const ids = Array.from({ length: 105 }, () => mock.entitlements.grant({ user_id: viewer.id, game_id: GAME_ID }).id);
    const found = await dropsEntitlements(client.as('app'), { id: ids, first: 1000 }).all();
    expect(found.map((entitlement) => entitlement.id)).toEqual(ids);
    expect(world.helix().map((request) => [request.query.id].flat().length)).toEqual([100, 5]);
  });

  it('refused: a game or entitlements of another organization (403), a client of no organization (400), broken filters before sending', async () => {
    const { client, extensionClient } = world;
    const { rivalId } = grantDrops();
    const game = await rejectionOf(() => dropsEntitlements(client.as('app'), { game_id: OTHER_GAME_ID }).all());
    expect(game).toBeInstanceOf(PlatformApiError);
    expect(game.message).toBe('The organization associated with the client in the access token must own the game specified in the game_id query parameter. (403 on GET /entitlements/drops)');
    const theirs = await rejectionOf(() => dropsEntitlements(client.as('app'), { id: rivalId }).all());
    expect(theirs.message).toBe('The organization associated with the client in the access token must own the entitlements specified in the id query parameter. (403 on GET /entitlements/drops)');
    const stranger = await rejectionOf(() => dropsEntitlements(extensionClient).all());
    expect(stranger.message).toBe('The client in the access token is not associated with a known organization. (400 on GET /entitlements/drops)');

    const sent = world.helix().length;
    const status = await rejectionOf(() => dropsEntitlements(client.as('app'), { fulfillment_status: 'claimed' as never }).all());
    expect(status).toBeInstanceOf(PlatformError);
    expect(status.message).toMatch(/fulfillment_status.*CLAIMED.*FULFILLED/);
    const page = await rejectionOf(() => dropsEntitlements(client.as('app'), { first: 1001 }).all());
    expect(page.message).toMatch(/first.*1.*1000/);
    expect(world.helix()).toHaveLength(sent);
  });

  it('each grant raised drop.entitlement.grant for the organization', () => {
    const { viewerIds } = grantDrops();
    const grants = world.events.filter((event) => event.type === 'drop.entitlement.grant');
    expect(grants).toHaveLength(7);
    expect(grants[0]).toMatchObject({ version: '1', condition: { organization_id: 'org-trivia', category_id: GAME_ID } });
    expect(grants[0]?.event).toEqual([expect.objectContaining({ entitlement_id: viewerIds[0], benefit_id: 'benefit-crate', user_id: world.viewer.id })]);
  });
});

describe('updated', () => {
  it('fulfilled with the app token, each ID’s outcome grouped; read back FULFILLED with a new last_updated', async () => {
    const { mock, client } = world;
    const { viewerIds, otherIds, rivalId } = grantDrops();
    mock.entitlements.failNextUpdate(otherIds[1]!);
    world.advance(60_000);
    const outcomes = await updateDropsEntitlements(client.as('app'), {
      entitlement_ids: [viewerIds[0]!, otherIds[0]!, rivalId, UNKNOWN_ID, 'not-an-id', otherIds[1]!],
      fulfillment_status: 'FULFILLED',
    });
    expect(outcomes).toEqual([
      { status: 'SUCCESS', ids: [viewerIds[0], otherIds[0]] },
      { status: 'INVALID_ID', ids: ['not-an-id'] },
      { status: 'NOT_FOUND', ids: [UNKNOWN_ID] },
      { status: 'UNAUTHORIZED', ids: [rivalId] },
      { status: 'UPDATE_FAILED', ids: [otherIds[1]] },
    ]);
    expect(world.helix()[0]).toMatchObject({ method: 'PATCH', path: '/entitlements/drops', status: 200 });

    const read = await dropsEntitlements(client.as('app'), { id: [viewerIds[0]!, otherIds[0]!, otherIds[1]!] }).all();
    expect(read.map((entitlement) => [entitlement.fulfillment_status, entitlement.last_updated])).toEqual([
      ['FULFILLED', iso(world.now())],
      ['FULFILLED', iso(world.now())],
      ['CLAIMED', iso(START + 5000)],
    ]);
    // The transient failure happens once: a second try succeeds.
    expect(await updateDropsEntitlements(client.as('app'), { entitlement_ids: [otherIds[1]!], fulfillment_status: 'FULFILLED' })).toEqual([{ status: 'SUCCESS', ids: [otherIds[1]] }]);
    expect((await dropsEntitlements(client.as('app'), { fulfillment_status: 'CLAIMED' }).all()).map((entitlement) => entitlement.id)).toEqual(viewerIds.slice(1));
  });

  it('with a user token: that user’s own only; another user’s is UNAUTHORIZED', async () => {
    const { client, viewer } = world;
    const { viewerIds, otherIds, sideId } = grantDrops();
    const outcomes = await updateDropsEntitlements(client.as(viewer.id), { entitlement_ids: [viewerIds[2]!, otherIds[0]!], fulfillment_status: 'FULFILLED' });
    expect(outcomes).toEqual([
      { status: 'SUCCESS', ids: [viewerIds[2]] },
      { status: 'UNAUTHORIZED', ids: [otherIds[0]] },
    ]);
    expect(world.mock.entitlements.get(otherIds[0]!)?.fulfillment_status).toBe('CLAIMED');
    const fulfilled = await dropsEntitlements(client.as(viewer.id), { fulfillment_status: 'FULFILLED' }).all();
    expect(fulfilled.map((entitlement) => entitlement.id)).toEqual([viewerIds[2], sideId]);
  });

  it('150 IDs: sent 100 then 50, the outcomes joined in order', async () => {
    const { mock, client, viewer } = world;
    const ids = Array.from({ length: 150 }, () => mock.entitlements.grant({ user_id: viewer.id, game_id: GAME_ID }).id);
    const outcomes = await updateDropsEntitlements(client.as('app'), { entitlement_ids: ids, fulfillment_status: 'FULFILLED' });
    expect(outcomes).toEqual([
      { status: 'SUCCESS', ids: ids.slice(0, 100) },
      { status: 'SUCCESS', ids: ids.slice(100) },
    ]);
    expect(world.helix().map((request) => (request.body as { entitlement_ids: string[] }).entitlement_ids.length)).toEqual([100, 50]);
    expect(ids.every((id) => mock.entitlements.get(id)?.fulfillment_status === 'FULFILLED')).toBe(true);
  });

  it('a status the platform does not know: PlatformError before sending', async () => {
    const error = await rejectionOf(() => updateDropsEntitlements(world.client.as('app'), { entitlement_ids: [UNKNOWN_ID], fulfillment_status: 'DONE' as never }));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toMatch(/fulfillment_status.*CLAIMED.*FULFILLED/);
    expect(world.helix()).toEqual([]);
  });
});
