/**
 * The extensions themselves over real sockets: Get Extensions (JWT), Get Released Extensions and
 * Get Extension Live Channels (OAuth tokens), Get and Update Extension Bits Products (the
 * extension's app token), with `mock.extensions.add()`, `addVersion()`, `setState()`, `setLive()`.
 */
import { describe, expect, it } from 'vitest';
import { advance, APP_ID, call, errorBody, EXTENSION_ID, jwt, platform, setup, START } from './extensions-setup';

const iso = (ms: number) => new Date(ms).toISOString();

describe('GET /extensions (JWT)', () => {
  it('gives the latest released version, with the reference fields and defaults', async () => {
    const { dev } = await setup();
    const answer = await call('GET', '/extensions', jwt(), { query: { extension_id: EXTENSION_ID } });
    expect(answer.status).toBe(200);
    const pages = `https://${EXTENSION_ID}.ext.example/${EXTENSION_ID}/1.0.0`;
    expect(answer.body.data).toEqual([
      {
        author_name: dev.display_name,
        bits_enabled: false,
        can_install: true,
        configuration_location: 'none',
        description: '',
        eula_tos_url: '',
        has_chat_support: false,
        icon_url: expect.stringMatching(/^https:\/\//),
        icon_urls: { '100x100': expect.any(String), '24x24': expect.any(String), '300x200': expect.any(String) },
        id: EXTENSION_ID,
        name: 'Trivia Time',
        privacy_policy_url: '',
        request_identity_link: false,
        screenshot_urls: [],
        state: 'Released',
        subscriptions_support_level: 'none',
        summary: '',
        support_email: '',
        version: '1.0.0',
        viewer_summary: '',
        views: {
          mobile: { viewer_url: `${pages}/mobile.html` },
          panel: { viewer_url: `${pages}/panel.html`, height: 300, can_link_external_content: false },
          video_overlay: { viewer_url: `${pages}/video_overlay.html`, can_link_external_content: false },
          component: {
            viewer_url: `${pages}/video_component.html`,
            aspect_width: 0,
            aspect_height: 0,
            aspect_ratio_x: 48000,
            aspect_ratio_y: 36000,
            autoscale: true,
            scale_pixels: 1024,
            target_height: 5333,
            size: 0,
            zoom: false,
            zoom_pixels: 0,
            can_link_external_content: false,
          },
          config: { viewer_url: `${pages}/config.html`, can_link_external_content: false },
        },
        allowlisted_config_urls: [],
        allowlisted_panel_urls: [],
      },
    ]);
  });

  it('a given version in any state; the newest released without one; an empty list when none is released', async () => {
    await setup();
    platform().extensions.addVersion(EXTENSION_ID, { version: '1.1.0', state: 'InTest', has_chat_support: true, views: { panel: { height: 500 } } });
    const get = (version?: string) => call('GET', '/extensions', jwt({ user_id: undefined, exp: undefined }), { query: { extension_id: EXTENSION_ID, extension_version: version } });
    expect((await get()).body.data.map((each: { version: string }) => each.version)).toEqual(['1.0.0']);
    const testing = (await get('1.1.0')).body.data[0];
    expect(testing).toMatchObject({ version: '1.1.0', state: 'InTest', has_chat_support: true, name: 'Trivia Time' });
    expect(testing.views.panel).toEqual({ viewer_url: expect.stringContaining('/1.1.0/panel.html'), height: 500, can_link_external_content: false });
    expect((await get('9.9.9')).body).toEqual({ data: [] });
    platform().extensions.setState(EXTENSION_ID, '1.1.0', 'Released');
    expect((await get()).body.data[0].version).toBe('1.1.0');
    platform().extensions.setState(EXTENSION_ID, '1.1.0', 'Deprecated');
    platform().extensions.setState(EXTENSION_ID, '1.0.0', 'Deprecated');
    expect((await get()).body).toEqual({ data: [] });
  });

  it('404 for an unknown extension; 400 without extension_id; 401 for a JWT without role or an OAuth token', async () => {
    const { issue } = await setup();
    expect((await call('GET', '/extensions', jwt(), { query: { extension_id: 'nope' } })).body).toEqual(errorBody(404, 'The extension in the extension_id query parameter was not found.'));
    expect((await call('GET', '/extensions', jwt(), { query: {} })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
    expect((await call('GET', '/extensions', jwt({ role: undefined }), { query: { extension_id: EXTENSION_ID } })).status).toBe(401);
    expect((await call('GET', '/extensions', issue(), { query: { extension_id: EXTENSION_ID } })).status).toBe(401);
  });
});

describe('GET /extensions/released', () => {
  it('gives a released version to an app or user token of any client', async () => {
    const { issue, viewer } = await setup();
    platform().extensions.addVersion(EXTENSION_ID, { version: '2.0.0', state: 'InReview' });
    const released = await call('GET', '/extensions/released', issue(), { clientId: APP_ID, query: { extension_id: EXTENSION_ID } });
    expect(released.status).toBe(200);
    expect(released.body.data).toHaveLength(1);
    expect(released.body.data[0]).toMatchObject({ id: EXTENSION_ID, version: '1.0.0', state: 'Released' });
    // The component fields of the reference's example answer, which its field table leaves out.
    expect(released.body.data[0].views.component).toMatchObject({ aspect_width: 0, aspect_height: 0, size: 0, zoom: false, zoom_pixels: 0 });
    const asUser = await call('GET', '/extensions/released', issue({ userId: viewer.id }), { clientId: APP_ID, query: { extension_id: EXTENSION_ID, extension_version: '1.0.0' } });
    expect(asUser.body.data[0].version).toBe('1.0.0');
  });

  it('404 for an unknown extension or a version that is not released; 400 / 401 as usual', async () => {
    const { issue } = await setup();
    platform().extensions.addVersion(EXTENSION_ID, { version: '2.0.0', state: 'InReview' });
    const token = issue();
    const get = (query: Record<string, string>) => call('GET', '/extensions/released', token, { clientId: APP_ID, query });
    const notFound = errorBody(404, 'The extension specified in the extension_id query parameter was not found or is not released.');
    expect((await get({ extension_id: EXTENSION_ID, extension_version: '2.0.0' })).body).toEqual(notFound);
    expect((await get({ extension_id: 'nope' })).body).toEqual(notFound);
    expect((await get({})).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
    expect((await call('GET', '/extensions/released', undefined, { clientId: APP_ID, query: { extension_id: EXTENSION_ID } })).status).toBe(401);
    // A JWT is no OAuth token here.
    expect((await call('GET', '/extensions/released', jwt(), { query: { extension_id: EXTENSION_ID } })).status).toBe(401);
  });
});

describe('GET /extensions/live', () => {
  it('lists the channels live with the extension, with their title and category; paged with a string cursor', async () => {
    const { streamer, viewer, dev, issue } = await setup();
    const live = (query: Record<string, string>) => call('GET', '/extensions/live', issue(), { clientId: APP_ID, query: { extension_id: EXTENSION_ID, ...query } });
    expect((await live({})).body).toEqual(errorBody(404, /not being used in a live stream/));
    Object.assign(platform().state.channel(streamer.id).info, { title: 'Trivia night', game_id: '509658', game_name: 'Just Chatting' });
    expect(platform().extensions.setLive(EXTENSION_ID, streamer.id)).toBe(true);
    expect(platform().extensions.setLive(EXTENSION_ID, streamer.id)).toBe(false);
    platform().extensions.setLive(EXTENSION_ID, viewer.id);
    platform().extensions.setLive(EXTENSION_ID, dev.id);
    const all = await live({});
    expect(all.body).toEqual({
      data: [
        { broadcaster_id: streamer.id, broadcaster_name: 'Streamer', game_name: 'Just Chatting', game_id: '509658', title: 'Trivia night' },
        { broadcaster_id: viewer.id, broadcaster_name: 'viewer', game_name: '', game_id: '', title: '' },
        { broadcaster_id: dev.id, broadcaster_name: 'DevDana', game_name: '', game_id: '', title: '' },
      ],
      pagination: '',
    });
    const first = await live({ first: '2' });
    expect(first.body.data.map((each: { broadcaster_id: string }) => each.broadcaster_id)).toEqual([streamer.id, viewer.id]);
    expect(typeof first.body.pagination).toBe('string');
    const second = await live({ first: '2', after: first.body.pagination });
    expect(second.body).toEqual({ data: [expect.objectContaining({ broadcaster_id: dev.id })], pagination: '' });
    platform().extensions.setLive(EXTENSION_ID, viewer.id, false);
    expect(platform().extensions.liveChannels(EXTENSION_ID)).toEqual([streamer.id, dev.id]);
    expect((await live({ first: '0' })).status).toBe(400);
    expect((await live({ after: 'garbage' })).status).toBe(400);
    expect((await call('GET', '/extensions/live', issue(), { clientId: APP_ID, query: { extension_id: 'nope' } })).status).toBe(404);
    expect((await call('GET', '/extensions/live', issue(), { clientId: APP_ID, query: {} })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
  });

  it('add() takes the live channels, versions, segments and products an extension starts with', async () => {
    const { dev, streamer } = await setup();
    const extension = platform().extensions.add({
      clientId: 'ext-2',
      ownerId: dev.id,
      name: 'Polls Plus',
      version: '0.1.0',
      state: 'InTest',
      versions: [{ version: '0.2.0' }],
      liveChannels: [streamer.id],
      configuration: [{ segment: 'global', content: 'on', version: '1' }],
      bitsProducts: [{ sku: 'vote', cost: { amount: 10 }, display_name: 'Extra vote' }],
    });
    expect([...extension.versions.keys()]).toEqual(['0.1.0', '0.2.0']);
    expect(extension.versions.get('0.1.0')?.state).toBe('InTest');
    expect(platform().extensions.liveChannels('ext-2')).toEqual([streamer.id]);
    expect(platform().extensions.configuration('ext-2', 'global')?.content).toBe('on');
    expect(platform().state.clients.has('ext-2')).toBe(true);
    expect(() => platform().extensions.add({ clientId: 'ext-2', ownerId: dev.id, name: 'Again', version: '1' })).toThrow(/exists already/);
    expect(() => platform().extensions.add({ clientId: 'ext-3', ownerId: 'nobody', name: 'X', version: '1' })).toThrow(/No user/);
    expect(() => platform().extensions.setLive('ext-404', streamer.id)).toThrow(/No extension ext-404/);
  });
});

describe('Bits products: GET and PUT /bits/extensions', () => {
  const product = { sku: '1010', cost: { amount: 990, type: 'bits' }, in_development: true, display_name: 'Rusty Crate 2', is_broadcast: true, expiration: '2026-05-18T09:10:13.397Z' };

  it('adds and updates products with the extension app token; lists them by SKU, expired ones only with should_include_all', async () => {
    const { issue } = await setup();
    const app = issue({ clientId: EXTENSION_ID });
    const put = (body: Record<string, unknown>) => call('PUT', '/bits/extensions', app, { body });
    expect(await put(product)).toEqual({ status: 200, body: { data: [product] } });
    expect((await put({ sku: '0042', cost: { amount: 1, type: 'bits' }, display_name: 'Cheapest' })).body.data).toEqual([
      { sku: '0042', cost: { amount: 1, type: 'bits' }, in_development: false, display_name: 'Cheapest', expiration: '', is_broadcast: false },
    ]);
    // Expired yesterday: disabled.
    await put({ sku: 'old.crate', cost: { amount: 50, type: 'bits' }, display_name: 'Old', expiration: iso(START - 86_400_000) });
    const list = await call('GET', '/bits/extensions', app);
    expect(list.body.data.map((each: { sku: string }) => each.sku)).toEqual(['0042', '1010']);
    const all = await call('GET', '/bits/extensions', app, { query: { should_include_all: 'true' } });
    expect(all.body.data.map((each: { sku: string }) => each.sku)).toEqual(['0042', '1010', 'old.crate']);
    // An update replaces every field but the SKU.
    await put({ sku: '1010', cost: { amount: 1000, type: 'bits' }, display_name: 'Rusty Crate 3' });
    expect((await call('GET', '/bits/extensions', app)).body.data[1]).toEqual({ sku: '1010', cost: { amount: 1000, type: 'bits' }, in_development: false, display_name: 'Rusty Crate 3', expiration: '', is_broadcast: false });
    // The product expires on the mock's clock.
    await put({ ...product, expiration: iso(START + 1000) });
    advance(1000);
    expect((await call('GET', '/bits/extensions', app)).body.data.map((each: { sku: string }) => each.sku)).toEqual(['0042']);
    expect(platform().extensions.get(EXTENSION_ID)?.bitsProducts.size).toBe(3);
  });

  it('400 for each field the reference checks', async () => {
    const { issue } = await setup();
    const put = (body: Record<string, unknown>) => call('PUT', '/bits/extensions', issue({ clientId: EXTENSION_ID }), { body: { ...product, ...body } });
    expect((await put({ sku: undefined })).body).toEqual(errorBody(400, 'Missing required parameter "sku"'));
    expect((await put({ sku: 'has space' })).body).toEqual(errorBody(400, /"sku" field is not valid/));
    expect((await put({ sku: 'x'.repeat(256) })).status).toBe(400);
    expect((await put({ sku: 'a-b_c.9' })).status).toBe(200);
    expect((await put({ cost: undefined })).body).toEqual(errorBody(400, 'Missing required parameter "cost"'));
    expect((await put({ cost: { type: 'bits' } })).body).toEqual(errorBody(400, 'Missing required parameter "cost.amount"'));
    expect((await put({ cost: { amount: 5 } })).body).toEqual(errorBody(400, 'Missing required parameter "cost.type"'));
    expect((await put({ cost: { amount: 5, type: 'coins' } })).body).toEqual(errorBody(400, /"cost.type" field is not valid/));
    expect((await put({ cost: { amount: 0, type: 'bits' } })).body).toEqual(errorBody(400, /"cost.amount" field is not valid: it must be a whole number from 1 to 10000/));
    expect((await put({ cost: { amount: 10_001, type: 'bits' } })).status).toBe(400);
    expect((await put({ cost: { amount: 10_000, type: 'bits' } })).status).toBe(200);
    expect((await put({ display_name: undefined })).body).toEqual(errorBody(400, 'Missing required parameter "display_name"'));
    expect((await put({ display_name: 'n'.repeat(256) })).status).toBe(400);
    expect((await put({ expiration: 'tomorrow' })).body).toEqual(errorBody(400, /"expiration" was malformed/));
    expect((await put({ is_broadcast: 'yes' })).status).toBe(400);
    expect((await call('GET', '/bits/extensions', issue({ clientId: EXTENSION_ID }), { query: { should_include_all: 'yes' } })).status).toBe(400);
  });

  it('400 for a client that is no extension; 401 for a user token or no token', async () => {
    const { issue, dev } = await setup();
    expect((await call('GET', '/bits/extensions', issue(), { clientId: APP_ID })).body).toEqual(errorBody(400, 'The ID in the Client-Id header must belong to an extension.'));
    expect((await call('PUT', '/bits/extensions', issue(), { clientId: APP_ID, body: product })).status).toBe(400);
    expect((await call('GET', '/bits/extensions', issue({ clientId: EXTENSION_ID, userId: dev.id }))).body).toEqual(errorBody(401, 'App access token is required.'));
    expect((await call('PUT', '/bits/extensions', undefined, { body: product })).status).toBe(401);
    expect((await call('GET', '/bits/extensions', jwt())).status).toBe(401);
  });
});

describe('the extensions controls over HTTP (/mock/extensions.*)', () => {
  /** A `/mock/` call with a JSON body. */
  async function control(name: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`http://127.0.0.1:${platform().port}/mock/${name}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  }

  it('act on the state the routes read: setLive, liveChannels, jwt, setState; 400 with the message of the in-process error', async () => {
    const { streamer } = await setup();
    expect(await control('extensions.setLive', { clientId: EXTENSION_ID, broadcasterId: streamer.id })).toEqual({ status: 200, body: true });
    expect(await control('extensions.liveChannels', { clientId: EXTENSION_ID })).toEqual({ status: 200, body: [streamer.id] });
    const token = await control('extensions.jwt', { clientId: EXTENSION_ID });
    expect(token.status).toBe(200);
    const answer = await call('GET', '/extensions', token.body as string, { query: { extension_id: EXTENSION_ID } });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0].version).toBe('1.0.0');
    expect((await control('extensions.setState', { clientId: EXTENSION_ID, version: '1.0.0', state: 'Deprecated' })).status).toBe(200);
    expect(platform().extensions.get(EXTENSION_ID)!.versions.get('1.0.0')!.state).toBe('Deprecated');
    expect(await control('extensions.liveChannels', { clientId: 'nobody' })).toEqual({ status: 400, body: errorBody(400, 'No extension nobody: add it with mock.extensions.add() first.') });
  });
});
