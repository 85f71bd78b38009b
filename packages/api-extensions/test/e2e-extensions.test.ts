import { platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformAuthError, PlatformRateLimitError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  extension,
  extensionBitsProducts,
  extensionConfiguration,
  extensionLiveChannels,
  releasedExtension,
  sendExtensionChatMessage,
  sendExtensionPubSubMessage,
  setExtensionConfiguration,
  updateExtensionBitsProduct,
} from '../src/index';
import { claimsOf, createWorld, EXTENSION_CLIENT_SECRET, EXTENSION_ID, everythingSaid, iso, rejectionOf, SECRET, START, type World } from './e2e-world';

/*
 * The extensions group end to end: configuration segments, messages, live channels, the
 * extension's details and its Bits products, over real sockets against the mock, with the state
 * each call leaves read back by the next call or by the mock's controls.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('configuration segments', () => {
  it('set, then read back in the order asked for, each with its version; unset segments are left out', async () => {
    const { client, extension: options, broadcaster } = world;
    const extension = { extension: options };
    await setExtensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'global', content: '{"theme":"dark"}', version: '0.0.1' }, extension);
    await setExtensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'broadcaster', broadcaster_id: broadcaster.id, content: 'hello config!', version: '2' }, extension);
    expect(world.helix()[0]).toMatchObject({ method: 'PUT', path: '/extensions/configurations', status: 204, body: { extension_id: EXTENSION_ID, segment: 'global', content: '{"theme":"dark"}', version: '0.0.1' } });

    const segments = await extensionConfiguration(client, { extension_id: EXTENSION_ID, segment: ['broadcaster', 'developer', 'global'], broadcaster_id: broadcaster.id }, extension);
    expect(segments).toEqual([
      { segment: 'broadcaster', broadcaster_id: broadcaster.id, content: 'hello config!', version: '2' },
      { segment: 'global', content: '{"theme":"dark"}', version: '0.0.1' },
    ]);
    expect(world.helix()[2]?.query).toEqual({ extension_id: EXTENSION_ID, segment: ['broadcaster', 'developer', 'global'], broadcaster_id: broadcaster.id });
    expect(await extensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'global' }, extension)).toEqual([{ segment: 'global', content: '{"theme":"dark"}', version: '0.0.1' }]);

    // Without a version the segment keeps the one it has.
    await setExtensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'global', content: '{"theme":"light"}' }, extension);
    expect(world.mock.extensions.configuration(EXTENSION_ID, 'global')).toEqual({ segment: 'global', content: '{"theme":"light"}', version: '0.0.1' });
  });

  it('5 KB of content is the most: 5,120 bytes of UTF-8 pass, one more is refused before sending', async () => {
    const { client, extension: options, broadcaster } = world;
    // 1,280 four-byte characters: 5,120 bytes.
    const full = '\u{1F3B2}'.repeat(1280);
    await setExtensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'developer', broadcaster_id: broadcaster.id, content: full }, { extension: options });
    expect(world.mock.extensions.configuration(EXTENSION_ID, 'developer', broadcaster.id)?.content).toBe(full);
    const error = await rejectionOf(() => setExtensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'global', content: `${full}x` }, { extension: options }));
    expect(error.message).toMatch(/content.*5120 bytes/);
    expect(world.helix()).toHaveLength(1);
  });
  it('each segment may be read 20 times a minute: the 21st read is the platform’s 429, another segment is still served, and a minute later it passes', async () => {
    const { client, extension: options, broadcaster } = world;
    // No retry: the 429 comes back at once instead of waiting out the minute.
    const read = (segment: 'global' | 'broadcaster') =>
      extensionConfiguration(client, { extension_id: EXTENSION_ID, segment, ...(segment === 'global' ? {} : { broadcaster_id: broadcaster.id }) }, { extension: options, retries: 0 });
    for (let count = 0; count < 20; count++) await read('global');
    const error = await rejectionOf(read('global'));
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error.message).toBe('The global segment may be read at most 20 times a minute (429 on GET /extensions/configurations)');
    expect(everythingSaid(error)).not.toContain(SECRET);
    await expect(read('broadcaster')).resolves.toEqual([]);
    world.advance(60_000);
    await expect(read('global')).resolves.toEqual([]);
  });
});

describe('messages', () => {
  it('a PubSub message to a channel, signed with that channel and its targets, is recorded by the mock', async () => {
    const { client, extension: options, broadcaster, viewer } = world;
    await sendExtensionPubSubMessage(client, { broadcaster_id: broadcaster.id, target: ['broadcast', `whisper-${viewer.id}`], message: JSON.stringify({ round: 2 }) }, { extension: options });
    const [sent] = world.helix();
    expect(sent).toMatchObject({ method: 'POST', path: '/extensions/pubsub', status: 204, body: { broadcaster_id: broadcaster.id, target: ['broadcast', `whisper-${viewer.id}`], message: '{"round":2}' } });
    expect(claimsOf(sent?.token)).toMatchObject({ role: 'external', channel_id: broadcaster.id, pubsub_perms: { send: ['broadcast', `whisper-${viewer.id}`] } });
    expect(world.mock.extensions.pubsubMessages(EXTENSION_ID)).toEqual([
      { extension_id: EXTENSION_ID, target: ['broadcast', `whisper-${viewer.id}`], broadcaster_id: broadcaster.id, is_global_broadcast: false, message: '{"round":2}', sent_at: START },
    ]);
  });

  it('a global broadcast: channel all, target global, no broadcaster_id', async () => {
    const { client, extension: options } = world;
    await sendExtensionPubSubMessage(client, { is_global_broadcast: true, target: ['global'], message: 'maintenance at noon' }, { extension: options });
    expect(claimsOf(world.helix()[0]?.token)).toMatchObject({ channel_id: 'all', pubsub_perms: { send: ['global'] } });
    expect(world.mock.extensions.pubsubMessages(EXTENSION_ID)).toEqual([
      { extension_id: EXTENSION_ID, target: ['global'], broadcaster_id: undefined, is_global_broadcast: true, message: 'maintenance at noon', sent_at: START },
    ]);
    // A global target without the global broadcast is refused before sending.
    const error = await rejectionOf(() => sendExtensionPubSubMessage(client, { broadcaster_id: '200', target: ['global'], message: 'x' }, { extension: options }));
    expect(error.message).toBe('The parameter target of extensions.sendExtensionPubSubMessage holds "global", which needs is_global_broadcast true; got ["global"].');
    expect(world.helix()).toHaveLength(1);
  });

  it('a chat message of 280 emoji reaches the channel; the JWT names the channel', async () => {
    const { client, extension: options, broadcaster } = world;
    const text = '\u{1F389}'.repeat(280);
    await sendExtensionChatMessage(client, { broadcaster_id: broadcaster.id, text, extension_id: EXTENSION_ID, extension_version: '1.0.0' }, { extension: options });
    const [sent] = world.helix();
    expect(sent).toMatchObject({ method: 'POST', path: '/extensions/chat', query: { broadcaster_id: broadcaster.id }, status: 204 });
    expect(claimsOf(sent?.token)).toMatchObject({ role: 'external', channel_id: broadcaster.id });
    expect(world.mock.extensions.chatMessages(EXTENSION_ID, broadcaster.id)).toEqual([
      { extension_id: EXTENSION_ID, extension_version: '1.0.0', broadcaster_id: broadcaster.id, text, sent_at: START },
    ]);
  });
});

describe('live channels', () => {
  it('pages through the channels live with the extension; the string cursor is followed and an empty one ends the list', async () => {
    const { mock, client } = world;
    const streamers = Array.from({ length: 25 }, (_, index) => mock.addUser({ login: `streamer_${index}`, display_name: `Streamer${index}` }));
    for (const [index, streamer] of streamers.entries()) {
      Object.assign(mock.state.channel(streamer.id).info, { title: `Trivia night ${index}`, game_id: '509658', game_name: 'Just Chatting' });
      mock.extensions.setLive(EXTENSION_ID, streamer.id);
    }
    const first = await extensionLiveChannels(client, { extension_id: EXTENSION_ID });
    expect(first.data).toHaveLength(20);
    expect(typeof first.raw.pagination).toBe('string');
    expect(first.cursor).toBe(first.raw.pagination);
    expect(first.data[0]).toEqual({ broadcaster_id: streamers[0]!.id, broadcaster_name: 'Streamer0', game_name: 'Just Chatting', game_id: '509658', title: 'Trivia night 0' });

    const all = await extensionLiveChannels(client, { extension_id: EXTENSION_ID, first: 10 }).all();
    expect(all.map((channel) => channel.broadcaster_id)).toEqual(streamers.map((streamer) => streamer.id));
    const pages = world.helix().slice(1);
    expect(pages.map((request) => request.query.after ?? null)).toEqual([null, expect.any(String), expect.any(String)]);
    expect(pages.every((request) => request.query.first === '10' && request.status === 200)).toBe(true);
  });

  it('a page larger than the platform serves: 150 asked, at most 100 come back, the rest on the next page', async () => {
    const { mock, client } = world;
    const streamers = Array.from({ length: 120 }, (_, index) => mock.addUser({ login: `caster_${index}` }));
    for (const streamer of streamers) mock.extensions.setLive(EXTENSION_ID, streamer.id);
    const first = await extensionLiveChannels(client, { extension_id: EXTENSION_ID, first: 150 });
    expect(first.data).toHaveLength(100);
    const all = await extensionLiveChannels(client, { extension_id: EXTENSION_ID, first: 150 }).all();
    expect(all).toHaveLength(120);
  });

  it('no channel live: 404 from the platform, with the app token as well as a user token', async () => {
    const { client, developer } = world;
    for (const caller of [client.as('app'), client.as(developer.id)]) {
      const error = await rejectionOf(extensionLiveChannels(caller, { extension_id: EXTENSION_ID }));
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error.message).toBe("The extension specified in the extension_id query parameter was not found or it's not being used in a live stream. (404 on GET /extensions/live)");
    }
  });
});

describe('the extension', () => {
  it('extension: the latest released version, a named version in any state, null when nothing is released', async () => {
    const { mock, client, extension: options } = world;
    mock.extensions.addVersion(EXTENSION_ID, { version: '1.1.0', state: 'InTest', description: 'Rounds of five questions' });
    const latest = await extension(client, { extension_id: EXTENSION_ID }, { extension: options });
    expect(latest).toMatchObject({ id: EXTENSION_ID, name: 'Trivia Time', version: '1.0.0', state: 'Released', author_name: 'DevDana', has_chat_support: true });
    expect(latest?.views.panel).toEqual({ viewer_url: expect.stringContaining('/1.0.0/panel.html') as unknown, height: 300, can_link_external_content: false });
    const testing = await extension(client, { extension_id: EXTENSION_ID, extension_version: '1.1.0' }, { extension: options });
    expect(testing).toMatchObject({ version: '1.1.0', state: 'InTest', description: 'Rounds of five questions' });
    mock.extensions.setState(EXTENSION_ID, '1.0.0', 'Deprecated');
    expect(await extension(client, { extension_id: EXTENSION_ID }, { extension: options })).toBeNull();
  });

  it('releasedExtension: with an OAuth token; 404 for a version that is not released', async () => {
    const { mock, client, developer } = world;
    const released = await releasedExtension(client.as('app'), { extension_id: EXTENSION_ID });
    expect(released).toMatchObject({ id: EXTENSION_ID, version: '1.0.0', state: 'Released' });
    expect(world.helix()[0]).toMatchObject({ clientId: world.clientId, path: '/extensions/released' });
    // An OAuth token of the application, not a JWT.
    expect(world.helix()[0]?.token).not.toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    mock.extensions.addVersion(EXTENSION_ID, { version: '2.0.0', state: 'InReview' });
    const error = await rejectionOf(releasedExtension(client.as(developer.id), { extension_id: EXTENSION_ID, extension_version: '2.0.0' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The extension specified in the extension_id query parameter was not found or is not released. (404 on GET /extensions/released)');
  });
});

describe('Bits products', () => {
  it('updated with the extension’s own app token, then listed in SKU order; expired ones only with should_include_all', async () => {
    const { extensionClient } = world;
    expect(await extensionBitsProducts(extensionClient)).toEqual([]);
    const crate = await updateExtensionBitsProduct(extensionClient, { sku: 'crate-2', cost: { amount: 990, type: 'bits' }, display_name: 'Rusty Crate 2', in_development: true, is_broadcast: true });
    expect(crate).toEqual({ sku: 'crate-2', cost: { amount: 990, type: 'bits' }, in_development: true, display_name: 'Rusty Crate 2', expiration: '', is_broadcast: true });
    await updateExtensionBitsProduct(extensionClient, { sku: 'Hint.1', cost: { amount: 10, type: 'bits' }, display_name: 'A hint' });
    const gone = iso(START - 1000);
    await updateExtensionBitsProduct(extensionClient, { sku: 'old_pack', cost: { amount: 10_000, type: 'bits' }, display_name: 'Old pack', expiration: gone });
    // Every field but the SKU changes.
    await updateExtensionBitsProduct(extensionClient, { sku: 'crate-2', cost: { amount: 1, type: 'bits' }, display_name: 'Crate, on sale' });

    expect((await extensionBitsProducts(extensionClient)).map((product) => [product.sku, product.cost.amount, product.display_name])).toEqual([
      ['Hint.1', 10, 'A hint'],
      ['crate-2', 1, 'Crate, on sale'],
    ]);
    const all = await extensionBitsProducts(extensionClient, { should_include_all: true });
    expect(all.map((product) => product.sku)).toEqual(['Hint.1', 'crate-2', 'old_pack']);
    expect(all[2]).toMatchObject({ expiration: gone, cost: { amount: 10_000, type: 'bits' } });
    expect(world.helix().at(-1)).toMatchObject({ clientId: EXTENSION_ID, query: { should_include_all: 'true' } });
  });

  it('refused: another client’s app token (400), a user token by hand (401), a registered user named with as and a SKU with a space (before sending)', async () => {
    const { mock, client, extensionClient, developer } = world;
    const notAnExtension = await rejectionOf(extensionBitsProducts(client.as('app')));
    expect(notAnExtension).toBeInstanceOf(PlatformApiError);
    expect(notAnExtension.message).toBe('The ID in the Client-Id header must belong to an extension. (400 on GET /bits/extensions)');

    // A user token of the extension's client, passed by hand: the platform wants the app token.
    const { accessToken } = mock.issueToken({ clientId: EXTENSION_ID, userId: developer.id, scopes: [], expiresIn: null });
    const userToken = await rejectionOf(extensionBitsProducts(extensionClient, {}, { token: accessToken }));
    expect(userToken).toBeInstanceOf(PlatformApiError);
    expect((userToken as PlatformApiError).status).toBe(401);
    expect(userToken.message).toBe('App access token is required. (401 on GET /bits/extensions)');
    expect(everythingSaid(userToken)).not.toContain(accessToken);

    // A registered user's token, chosen with `as`, is refused before sending: the operation takes only the app token.
    const asUser = await rejectionOf(() => updateExtensionBitsProduct(client, { sku: 'x', cost: { amount: 1, type: 'bits' }, display_name: 'X' }, { as: developer.id }));
    expect(asUser).toBeInstanceOf(PlatformAuthError);
    expect(asUser.message).toBe(`PUT /bits/extensions only accepts an app access token: a user's token cannot be used for it (asked to act as user ${developer.id}).`);
    // With no clientSecret there is no app token at all: refused before sending.
    const secretless = createClient({ clientId: EXTENSION_ID, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
    const noApp = await rejectionOf(() => extensionBitsProducts(secretless));
    expect(noApp).toBeInstanceOf(PlatformAuthError);
    expect(noApp.message).toBe('GET /bits/extensions needs an app access token, which requires a clientSecret.');

    const sent = world.helix().length;
    const space = await rejectionOf(() => updateExtensionBitsProduct(extensionClient, { sku: 'crate 3', cost: { amount: 5, type: 'bits' }, display_name: 'Crate 3' }));
    expect(space.message).toMatch(/sku.*letters, digits/);
    expect(world.helix()).toHaveLength(sent);
    expect(everythingSaid(space)).not.toContain(EXTENSION_CLIENT_SECRET);
    expect(everythingSaid(space)).not.toContain(SECRET);
  });
});
