import { describe, expect, it } from 'vitest';
import { advance, carry, helix, start, tokenOf } from './snapshot.helpers';

// The records of the extensions-side groups (extensions, analytics, entitlements) across a restart:
// what mock.snapshot() gives, restored into a fresh mock through JSON as `serve --state` carries it.

const EXTENSION_ID = 'ext-client-1';
const SECRET = Buffer.from('the extension secret, 32 bytes!!').toString('base64');

async function people() {
  const { mock } = await start();
  const dev = mock.addUser({ login: 'devdana' });
  const streamer = mock.addUser({ login: 'pixelforge', broadcaster_type: 'partner' });
  const viewer = mock.addUser({ login: 'quietfox' });
  const game = mock.state.addGame({ name: 'Trivia Night' });
  return { mock, dev, streamer, viewer, game };
}

describe('restored extensions records', () => {
  it('keep each extension with its versions, secrets, segments, products and live channels: the API answers the same, its JWTs verify, and the controls act on it', async () => {
    const { mock: first, dev, streamer } = await people();
    first.extensions.add({
      clientId: EXTENSION_ID,
      ownerId: dev.id,
      name: 'Trivia Time',
      version: '1.0.0',
      secret: SECRET,
      versions: [{ version: '1.1.0', state: 'InTest' }],
      configuration: [{ segment: 'broadcaster', broadcaster_id: streamer.id, content: '{"theme":"dark"}', version: '2' }],
      bitsProducts: [{ sku: 'hint', cost: { amount: 100 }, display_name: 'A hint' }],
      liveChannels: [streamer.id],
    });
    const jwt = first.extensions.jwt(EXTENSION_ID);
    // A second secret, active in five minutes; the first stays in service meanwhile.
    expect((await helix(first, 'POST', '/extensions/jwt/secrets', jwt, { clientId: EXTENSION_ID, query: { extension_id: EXTENSION_ID } })).status).toBe(200);
    const app = tokenOf(first, undefined, []);
    const extensionApp = tokenOf(first, undefined, [], EXTENSION_ID);
    const query = { extension_id: EXTENSION_ID };
    const reads = async (mock: typeof first, token: string) => [
      await helix(mock, 'GET', '/extensions', token, { clientId: EXTENSION_ID, query: { ...query, extension_version: '1.1.0' } }),
      await helix(mock, 'GET', '/extensions/jwt/secrets', token, { clientId: EXTENSION_ID, query }),
      await helix(mock, 'GET', '/extensions/released', app, { query }),
      await helix(mock, 'GET', '/extensions/live', app, { query }),
      await helix(mock, 'GET', '/bits/extensions', extensionApp, { query: { should_include_all: 'true' } }),
    ];
    const before = await reads(first, jwt);
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(before[1]!.body.data[0].secrets).toHaveLength(2);

    const { mock: second } = await start();
    carry(first, second);
    // A JWT signed with the restored secret verifies.
    expect(await reads(second, jwt)).toEqual(before);
    expect(second.extensions.get(EXTENSION_ID)).toEqual(first.extensions.get(EXTENSION_ID));
    expect(second.extensions.setLive(EXTENSION_ID, streamer.id, false)).toBe(true);
    expect((await helix(second, 'GET', '/extensions/live', app, { query })).status).toBe(404);
    // Once the second secret is active, the mock signs with it.
    advance(301_000);
    const newer = second.extensions.jwt(EXTENSION_ID);
    expect((await helix(second, 'GET', '/extensions/jwt/secrets', newer, { clientId: EXTENSION_ID, query })).status).toBe(200);
    expect(first.extensions.liveChannels(EXTENSION_ID)).toEqual([streamer.id]);
  });
});

describe('restored analytics records', () => {
  it('keep the reports of both kinds: the API answers the same, and a report added after it is listed with them', async () => {
    const { mock: first, dev, game } = await people();
    first.analytics.addExtensionReport({ id: EXTENSION_ID, owner_id: dev.id });
    first.analytics.addGameReport({ id: game.id, owner_id: dev.id, url: 'https://reports.example/trivia.csv' });
    const token = tokenOf(first, dev.id, ['analytics:read:extensions', 'analytics:read:games']);
    const reads = async (mock: typeof first) => [await helix(mock, 'GET', '/analytics/extensions', token), await helix(mock, 'GET', '/analytics/games', token)];
    const before = await reads(first);
    expect(before.map((answer) => answer.body.data.length)).toEqual([1, 1]);

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    const other = second.state.addGame({ name: 'Quiz Show' });
    second.analytics.addGameReport({ id: other.id, owner_id: dev.id });
    expect((await helix(second, 'GET', '/analytics/games', token)).body.data.map((report: { game_id: string }) => report.game_id)).toEqual([game.id, other.id]);
  });
});

describe('restored entitlements records', () => {
  it('keep organizations, entitlements and the updates set to fail: the API answers the same, and the next update fails once', async () => {
    const { mock: first, dev, viewer, game } = await people();
    const app = tokenOf(first, undefined, []);
    first.entitlements.addOrganization({ games: [game.id], clients: [{ clientId: 'app-1', ownerId: dev.id }] });
    const failing = first.entitlements.grant({ user_id: viewer.id, game_id: game.id });
    const fine = first.entitlements.grant({ user_id: viewer.id, game_id: game.id, fulfillment_status: 'FULFILLED' });
    first.entitlements.failNextUpdate(failing.id);
    const list = (mock: typeof first) => helix(mock, 'GET', '/entitlements/drops', app);
    const before = await list(first);
    expect(before.body.data.map((entitlement: { id: string }) => entitlement.id)).toEqual([failing.id, fine.id]);

    const { mock: second } = await start();
    carry(first, second);
    expect(await list(second)).toEqual(before);
    expect(() => second.entitlements.addOrganization({ games: [game.id] })).toThrow(`The game ${game.id} is owned by another organization.`);
    const update = () => helix(second, 'PATCH', '/entitlements/drops', app, { body: { entitlement_ids: [failing.id, fine.id], fulfillment_status: 'FULFILLED' } });
    expect((await update()).body.data).toEqual([
      { status: 'SUCCESS', ids: [fine.id] },
      { status: 'UPDATE_FAILED', ids: [failing.id] },
    ]);
    expect((await update()).body.data).toEqual([{ status: 'SUCCESS', ids: [failing.id, fine.id] }]);
  });
});
