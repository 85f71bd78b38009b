import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlatformError, type ClientHandle, type ExtensionCredentials } from '@platform/core';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import type { ExtensionRequestOptions } from '../src/index';
import { stubClient, type SeenRequest, type StubReply } from './stub';

/*
 * Every operation of the package on the wire, one row of expectations each (a few have two):
 * method, path, query (repeated keys in order), JSON body, the credential it goes out with (an app
 * or user token, or an extension JWT whose claims the row lists), and the result it makes of a
 * canned answer. Then the declarations themselves: token kinds and scopes as the platform's
 * reference gives them.
 */

interface WireCase {
  /** What the row shows. */
  title: string;
  /** The declaration the call must follow (its name is checked against the row). */
  operation: { name: string };
  /** The options are `{ extension }` for the JWT rows, `{ as }` for the others (typed for the JWT rows). */
  run: (client: ClientHandle, options: ExtensionRequestOptions) => Promise<unknown>;
  /** `app`, the ID of the user whose token is used, or `extension` for the `extension` option. */
  as: string;
  reply: StubReply;
  method: string;
  path: string;
  /** Query pairs, in any order of keys; a repeated key keeps its order. */
  query: [string, string][];
  body?: unknown;
  token: 'app' | 'user' | 'extension';
  /** For `extension`: the JWT's claims beyond `exp`, `user_id` and `role`. */
  claims?: Record<string, unknown>;
  result: unknown;
}

// The extension's secret as the platform gives it (base64), and what the JWT is checked against.
const secretBytes = Buffer.from('an extension secret, thirty-two+ bytes long', 'utf8');
const owner = '27419011';
const extensionCredentials: ExtensionCredentials = { clientId: 'uo6dggojyb8d6soh92zknwmi5ej1q2', secret: secretBytes.toString('base64'), ownerId: owner };

/** Verifies an HS256 JWT with node:crypto, independently of the signer, and gives its claims. */
function jwtClaims(request: SeenRequest): Record<string, unknown> {
  const jwt = request.headers.get('authorization')!.replace(/^Bearer /, '');
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  const expected = createHmac('sha256', secretBytes).update(`${header}.${payload}`).digest();
  expect(timingSafeEqual(Buffer.from(signature, 'base64url'), expected)).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

const segment = { segment: 'broadcaster', broadcaster_id: '274637212', content: '{"theme":"dark"}', version: '0.0.1' };
const liveChannel = { broadcaster_id: '252766116', broadcaster_name: 'swoosh_xii', game_name: "Tom Clancy's Rainbow Six Siege", game_id: '460630', title: 'ranked' };
const secrets = {
  format_version: 1,
  secrets: [
    { content: 'old-secret', active_at: '2021-03-29T06:58:40.858343036Z', expires_at: '2021-04-22T05:21:54.99261682Z' },
    { content: 'new-secret', active_at: '2021-04-22T04:16:54.996365329Z', expires_at: '2121-03-29T04:16:54.996365329Z' },
  ],
};
const viewerUrl = 'https://pgn0bjv51epi7eaekt53tovjnc82qo.ext-twitch.tv/pgn0bjv51epi7eaekt53tovjnc82qo/0.0.9/index.html';
const extension = {
  author_name: 'Platform Developers',
  bits_enabled: true,
  can_install: false,
  configuration_location: 'hosted',
  description: 'An extension for testing all the features.',
  eula_tos_url: '',
  has_chat_support: true,
  icon_url: 'https://static.example/logo.png',
  icon_urls: { '100x100': 'https://static.example/logo.png', '24x24': 'https://static.example/taskbar.png' },
  id: 'pgn0bjv51epi7eaekt53tovjnc82qo',
  name: 'Official Developers Demo',
  privacy_policy_url: '',
  request_identity_link: true,
  screenshot_urls: ['https://static.example/screenshot.png'],
  state: 'Released',
  subscriptions_support_level: 'optional',
  summary: 'Test ALL the extensions features!',
  support_email: 'dev@example.com',
  version: '0.0.9',
  viewer_summary: 'Test ALL the extensions features!',
  views: {
    mobile: { viewer_url: viewerUrl },
    panel: { viewer_url: viewerUrl, height: 300, can_link_external_content: false },
    video_overlay: { viewer_url: viewerUrl, can_link_external_content: false },
    component: { viewer_url: viewerUrl, aspect_ratio_x: 48000, aspect_ratio_y: 36000, autoscale: true, scale_pixels: 1024, target_height: 5333, can_link_external_content: false },
  },
  allowlisted_config_urls: [],
  allowlisted_panel_urls: [],
};
const product = { sku: '1010', cost: { amount: 990, type: 'bits' }, in_development: true, display_name: 'Rusty Crate 2', expiration: '2021-05-18T09:10:13.397Z', is_broadcast: false };
const dateRange = { started_at: '2018-03-01T00:00:00Z', ended_at: '2018-06-01T00:00:00Z' };
const extensionReport = { extension_id: 'efgh', URL: 'https://reports.example/extension.csv', type: 'overview_v2', date_range: dateRange };
const gameReport = { game_id: '493057', URL: 'https://reports.example/game.csv', type: 'overview_v2', date_range: dateRange };
const entitlement = {
  id: 'fb78259e-fb81-4d1b-8333-34a06ffc24c0',
  benefit_id: '74c52265-e214-48a6-91b9-23b6014e8041',
  timestamp: '2019-01-28T04:17:53.325Z',
  user_id: '25009227',
  game_id: '33214',
  fulfillment_status: 'CLAIMED',
  last_updated: '2019-01-28T04:17:53.325Z',
};
const none: StubReply = { status: 204 };

/** The first page of a paginator, as data and cursor. */
async function firstPage(paginator: PromiseLike<{ data: readonly unknown[]; cursor: string | undefined }>) {
  const { data, cursor } = await paginator;
  return { data, cursor };
}

const cases: WireCase[] = [
  // ---- extensions: configuration ----
  {
    title: 'extensionConfiguration: repeated segment keys, a JWT, the list in order',
    operation: api.extensionConfigurationOperation,
    run: (client, options) => api.extensionConfiguration(client, { extension_id: 'ext', segment: ['broadcaster', 'global'], broadcaster_id: '274637212' }, options),
    as: 'extension',
    reply: { body: { data: [segment, { segment: 'global', content: 'hello config!', version: '0.0.1' }] } },
    method: 'GET',
    path: '/extensions/configurations',
    query: [['broadcaster_id', '274637212'], ['extension_id', 'ext'], ['segment', 'broadcaster'], ['segment', 'global']],
    token: 'extension',
    result: [segment, { segment: 'global', content: 'hello config!', version: '0.0.1' }],
  },
  {
    title: 'extensionConfiguration: the global segment alone, without broadcaster_id',
    operation: api.extensionConfigurationOperation,
    run: (client, options) => api.extensionConfiguration(client, { extension_id: 'ext', segment: 'global' }, options),
    as: 'extension',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/extensions/configurations',
    query: [['extension_id', 'ext'], ['segment', 'global']],
    token: 'extension',
    result: [],
  },
  {
    title: 'setExtensionConfiguration: PUT, everything in a flat body, 204',
    operation: api.setExtensionConfigurationOperation,
    run: (client, options) => api.setExtensionConfiguration(client, { extension_id: 'ext', segment: 'developer', broadcaster_id: '274637212', content: 'hello', version: '0.0.1' }, options),
    as: 'extension',
    reply: none,
    method: 'PUT',
    path: '/extensions/configurations',
    query: [],
    body: { extension_id: 'ext', segment: 'developer', broadcaster_id: '274637212', content: 'hello', version: '0.0.1' },
    token: 'extension',
    result: undefined,
  },
  {
    title: 'setExtensionRequiredConfiguration: broadcaster_id in the query, the rest in the body',
    operation: api.setExtensionRequiredConfigurationOperation,
    run: (client, options) =>
      api.setExtensionRequiredConfiguration(client, { broadcaster_id: '274637212', extension_id: 'ext', extension_version: '0.0.1', required_configuration: 'RCS' }, options),
    as: 'extension',
    reply: none,
    method: 'PUT',
    path: '/extensions/required_configuration',
    query: [['broadcaster_id', '274637212']],
    body: { extension_id: 'ext', extension_version: '0.0.1', required_configuration: 'RCS' },
    token: 'extension',
    result: undefined,
  },
  // ---- extensions: PubSub and chat ----
  {
    title: 'sendExtensionPubSubMessage to a channel: the JWT names the channel and may broadcast',
    operation: api.sendExtensionPubSubMessageOperation,
    run: (client, options) => api.sendExtensionPubSubMessage(client, { broadcaster_id: '141981764', target: ['broadcast'], message: 'hello world!' }, options),
    as: 'extension',
    reply: none,
    method: 'POST',
    path: '/extensions/pubsub',
    query: [],
    body: { broadcaster_id: '141981764', target: ['broadcast'], message: 'hello world!' },
    token: 'extension',
    claims: { channel_id: '141981764', pubsub_perms: { send: ['broadcast'] } },
    result: undefined,
  },
  {
    title: 'sendExtensionPubSubMessage to every channel: channel all, permission global',
    operation: api.sendExtensionPubSubMessageOperation,
    run: (client, options) => api.sendExtensionPubSubMessage(client, { is_global_broadcast: true, target: ['global'], message: '{"round":2}' }, options),
    as: 'extension',
    reply: none,
    method: 'POST',
    path: '/extensions/pubsub',
    query: [],
    body: { is_global_broadcast: true, target: ['global'], message: '{"round":2}' },
    token: 'extension',
    claims: { channel_id: 'all', pubsub_perms: { send: ['global'] } },
    result: undefined,
  },
  {
    title: 'sendExtensionPubSubMessage to one user: the whisper target is the permission',
    operation: api.sendExtensionPubSubMessageOperation,
    run: (client, options) => api.sendExtensionPubSubMessage(client, { broadcaster_id: '141981764', target: ['whisper-U123'], message: 'psst' }, options),
    as: 'extension',
    reply: none,
    method: 'POST',
    path: '/extensions/pubsub',
    query: [],
    body: { broadcaster_id: '141981764', target: ['whisper-U123'], message: 'psst' },
    token: 'extension',
    claims: { channel_id: '141981764', pubsub_perms: { send: ['whisper-U123'] } },
    result: undefined,
  },
  {
    title: 'sendExtensionChatMessage: broadcaster_id in the query and as the JWT channel',
    operation: api.sendExtensionChatMessageOperation,
    run: (client, options) => api.sendExtensionChatMessage(client, { broadcaster_id: '237757755', text: 'Hello', extension_id: 'ext', extension_version: '0.0.9' }, options),
    as: 'extension',
    reply: none,
    method: 'POST',
    path: '/extensions/chat',
    query: [['broadcaster_id', '237757755']],
    body: { text: 'Hello', extension_id: 'ext', extension_version: '0.0.9' },
    token: 'extension',
    claims: { channel_id: '237757755' },
    result: undefined,
  },
  // ---- extensions: live channels, secrets, the extension ----
  {
    title: 'extensionLiveChannels: a page whose cursor is a plain string',
    operation: api.extensionLiveChannelsOperation,
    run: (client, options) => firstPage(api.extensionLiveChannels(client, { extension_id: 'ext', first: 50, after: 'c0' }, options)),
    as: 'app',
    reply: { body: { data: [liveChannel], pagination: 'YVc1emRHRnNiQ015' } },
    method: 'GET',
    path: '/extensions/live',
    query: [['after', 'c0'], ['extension_id', 'ext'], ['first', '50']],
    token: 'app',
    result: { data: [liveChannel], cursor: 'YVc1emRHRnNiQ015' },
  },
  {
    title: 'extensionLiveChannels with a user token: the last page has an empty cursor',
    operation: api.extensionLiveChannelsOperation,
    run: (client, options) => firstPage(api.extensionLiveChannels(client, { extension_id: 'ext' }, options)),
    as: '141981764',
    reply: { body: { data: [liveChannel], pagination: '' } },
    method: 'GET',
    path: '/extensions/live',
    query: [['extension_id', 'ext']],
    token: 'user',
    result: { data: [liveChannel], cursor: undefined },
  },
  {
    title: 'extensionSecrets: data[0], the secrets in order',
    operation: api.extensionSecretsOperation,
    run: (client, options) => api.extensionSecrets(client, { extension_id: 'ext' }, options),
    as: 'extension',
    reply: { body: { data: [secrets] } },
    method: 'GET',
    path: '/extensions/jwt/secrets',
    query: [['extension_id', 'ext']],
    token: 'extension',
    result: secrets,
  },
  {
    title: 'createExtensionSecret: POST with everything in the query, no body',
    operation: api.createExtensionSecretOperation,
    run: (client, options) => api.createExtensionSecret(client, { extension_id: 'ext', delay: 600 }, options),
    as: 'extension',
    reply: { body: { data: [secrets] } },
    method: 'POST',
    path: '/extensions/jwt/secrets',
    query: [['delay', '600'], ['extension_id', 'ext']],
    token: 'extension',
    result: secrets,
  },
  {
    title: 'extension: data[0] with a JWT',
    operation: api.extensionOperation,
    run: (client, options) => api.extension(client, { extension_id: 'pgn0bjv51epi7eaekt53tovjnc82qo', extension_version: '0.0.9' }, options),
    as: 'extension',
    reply: { body: { data: [extension] } },
    method: 'GET',
    path: '/extensions',
    query: [['extension_id', 'pgn0bjv51epi7eaekt53tovjnc82qo'], ['extension_version', '0.0.9']],
    token: 'extension',
    result: extension,
  },
  {
    title: 'extension: null when no version is released and none is named',
    operation: api.extensionOperation,
    run: (client, options) => api.extension(client, { extension_id: 'pgn0bjv51epi7eaekt53tovjnc82qo' }, options),
    as: 'extension',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/extensions',
    query: [['extension_id', 'pgn0bjv51epi7eaekt53tovjnc82qo']],
    token: 'extension',
    result: null,
  },
  {
    title: 'releasedExtension: data[0] with the app token',
    operation: api.releasedExtensionOperation,
    run: (client, options) => api.releasedExtension(client, { extension_id: 'pgn0bjv51epi7eaekt53tovjnc82qo', extension_version: '0.0.9' }, options),
    as: 'app',
    reply: { body: { data: [extension] } },
    method: 'GET',
    path: '/extensions/released',
    query: [['extension_id', 'pgn0bjv51epi7eaekt53tovjnc82qo'], ['extension_version', '0.0.9']],
    token: 'app',
    result: extension,
  },
  // ---- extensions: Bits products ----
  {
    title: 'extensionBitsProducts: no parameters at all, the list',
    operation: api.extensionBitsProductsOperation,
    run: (client, options) => api.extensionBitsProducts(client, undefined, options),
    as: 'app',
    reply: { body: { data: [product] } },
    method: 'GET',
    path: '/bits/extensions',
    query: [],
    token: 'app',
    result: [product],
  },
  {
    title: 'extensionBitsProducts: should_include_all in the query',
    operation: api.extensionBitsProductsOperation,
    run: (client, options) => api.extensionBitsProducts(client, { should_include_all: true }, options),
    as: 'app',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/bits/extensions',
    query: [['should_include_all', 'true']],
    token: 'app',
    result: [],
  },
  {
    title: 'updateExtensionBitsProduct: PUT, the product in a flat body with its cost object, data[0]',
    operation: api.updateExtensionBitsProductOperation,
    run: (client, options) =>
      api.updateExtensionBitsProduct(
        client,
        { sku: '1010', cost: { amount: 990, type: 'bits' }, display_name: 'Rusty Crate 2', in_development: true, is_broadcast: true, expiration: '2021-05-18T09:10:13.397Z' },
        options,
      ),
    as: 'app',
    reply: { body: { data: [{ ...product, is_broadcast: true }] } },
    method: 'PUT',
    path: '/bits/extensions',
    query: [],
    body: { sku: '1010', cost: { amount: 990, type: 'bits' }, display_name: 'Rusty Crate 2', in_development: true, is_broadcast: true, expiration: '2021-05-18T09:10:13.397Z' },
    token: 'app',
    result: { ...product, is_broadcast: true },
  },
  // ---- analytics ----
  {
    title: 'extensionAnalytics: no parameters, a page with its cursor',
    operation: api.extensionAnalyticsOperation,
    run: (client, options) => firstPage(api.extensionAnalytics(client, undefined, options)),
    as: '141981764',
    reply: { body: { data: [extensionReport], pagination: { cursor: 'eyJiIjpudWxsfQ' } } },
    method: 'GET',
    path: '/analytics/extensions',
    query: [],
    token: 'user',
    result: { data: [extensionReport], cursor: 'eyJiIjpudWxsfQ' },
  },
  {
    title: 'extensionAnalytics: one extension, a window, type and page size',
    operation: api.extensionAnalyticsOperation,
    run: (client, options) =>
      firstPage(api.extensionAnalytics(client, { extension_id: 'efgh', type: 'overview_v2', started_at: '2018-03-01T00:00:00Z', ended_at: '2018-06-01T00:00:00Z', first: 5 }, options)),
    as: '141981764',
    reply: { body: { data: [extensionReport], pagination: {} } },
    method: 'GET',
    path: '/analytics/extensions',
    query: [['ended_at', '2018-06-01T00:00:00Z'], ['extension_id', 'efgh'], ['first', '5'], ['started_at', '2018-03-01T00:00:00Z'], ['type', 'overview_v2']],
    token: 'user',
    result: { data: [extensionReport], cursor: undefined },
  },
  {
    title: 'gameAnalytics: one game and a window',
    operation: api.gameAnalyticsOperation,
    run: (client, options) => firstPage(api.gameAnalytics(client, { game_id: '493057', started_at: '2018-01-01T00:00:00Z', ended_at: '2018-03-01T00:00:00Z', after: 'c1' }, options)),
    as: '141981764',
    reply: { body: { data: [gameReport] } },
    method: 'GET',
    path: '/analytics/games',
    query: [['after', 'c1'], ['ended_at', '2018-03-01T00:00:00Z'], ['game_id', '493057'], ['started_at', '2018-01-01T00:00:00Z']],
    token: 'user',
    result: { data: [gameReport], cursor: undefined },
  },
  // ---- entitlements ----
  {
    title: 'dropsEntitlements with the app token: a user and a game, a page',
    operation: api.dropsEntitlementsOperation,
    run: (client, options) => firstPage(api.dropsEntitlements(client, { user_id: '25009227', game_id: '33214', first: 1000 }, options)),
    as: 'app',
    reply: { body: { data: [entitlement], pagination: { cursor: 'eyJiIjpudW' } } },
    method: 'GET',
    path: '/entitlements/drops',
    query: [['first', '1000'], ['game_id', '33214'], ['user_id', '25009227']],
    token: 'app',
    result: { data: [entitlement], cursor: 'eyJiIjpudW' },
  },
  {
    title: 'dropsEntitlements with a user token: repeated id keys and a status',
    operation: api.dropsEntitlementsOperation,
    run: (client, options) => firstPage(api.dropsEntitlements(client, { id: ['a', 'b'], fulfillment_status: 'FULFILLED' }, options)),
    as: '25009227',
    reply: { body: { data: [], pagination: {} } },
    method: 'GET',
    path: '/entitlements/drops',
    query: [['fulfillment_status', 'FULFILLED'], ['id', 'a'], ['id', 'b']],
    token: 'user',
    result: { data: [], cursor: undefined },
  },
  {
    title: 'updateDropsEntitlements: PATCH, a flat body, the outcomes by status',
    operation: api.updateDropsEntitlementsOperation,
    run: (client, options) => api.updateDropsEntitlements(client, { fulfillment_status: 'FULFILLED', entitlement_ids: ['fb78', '8627', 'd887'] }, options),
    as: 'app',
    reply: { body: { data: [{ status: 'SUCCESS', ids: ['fb78', '8627'] }, { status: 'UNAUTHORIZED', ids: ['d887'] }] } },
    method: 'PATCH',
    path: '/entitlements/drops',
    query: [],
    body: { fulfillment_status: 'FULFILLED', entitlement_ids: ['fb78', '8627', 'd887'] },
    token: 'app',
    result: [{ status: 'SUCCESS', ids: ['fb78', '8627'] }, { status: 'UNAUTHORIZED', ids: ['d887'] }],
  },
];

/** Sorted by key; a repeated key keeps the order of its values (the sort is stable). */
const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Every declaration the package exports, by its `<group>.<name>`. */
const declarations = Object.entries(api)
  .filter(([key]) => key.endsWith('Operation'))
  .map(([, value]) => value as { name: string; token: string; scopes: readonly string[]; actingUser?: string });

describe('the wire shape of every operation', () => {
  it('covers the 16 operations, each exported as a function and a declaration', () => {
    const expected = [
      'extensions.extensionConfiguration', 'extensions.setExtensionConfiguration', 'extensions.setExtensionRequiredConfiguration',
      'extensions.sendExtensionPubSubMessage', 'extensions.extensionLiveChannels', 'extensions.extensionSecrets', 'extensions.createExtensionSecret',
      'extensions.sendExtensionChatMessage', 'extensions.extension', 'extensions.releasedExtension', 'extensions.extensionBitsProducts',
      'extensions.updateExtensionBitsProduct', 'analytics.extensionAnalytics', 'analytics.gameAnalytics',
      'entitlements.dropsEntitlements', 'entitlements.updateDropsEntitlements',
    ].sort();
    expect(declarations.map((declaration) => declaration.name).sort()).toEqual(expected);
    expect([...new Set(cases.map((row) => row.operation.name))].sort()).toEqual(expected);
    // The standalone function carries the name after the group, as `Platform` binds it.
    for (const name of expected) expect(typeof (api as Record<string, unknown>)[name.split('.')[1]!], name).toBe('function');
  });

  it.each(cases)('$title', async (row) => {
    const { client, requests } = stubClient(() => row.reply);
    const before = Math.floor(Date.now() / 1000);
    const options = (row.as === 'extension' ? { extension: extensionCredentials } : { as: row.as }) as ExtensionRequestOptions;
    const result = await row.run(client, options);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(row.method);
    expect(request!.url.pathname).toBe(`/helix${row.path}`);
    expect(byKey([...request!.url.searchParams])).toEqual(byKey(row.query));
    if (row.body === undefined) {
      expect(request!.body).toBeUndefined();
      expect(request!.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(request!.body!)).toEqual(row.body);
      expect(request!.headers.get('content-type')).toBe('application/json');
    }
    if (row.token === 'extension') {
      const { exp, ...claims } = jwtClaims(request!);
      expect(claims).toEqual({ user_id: owner, role: 'external', ...row.claims });
      // Five minutes on the client clock: long enough for the call's waits and retries.
      expect(exp).toBeGreaterThanOrEqual(before + 300);
      expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);
      expect(request!.headers.get('client-id')).toBe(extensionCredentials.clientId);
    } else {
      expect(request!.headers.get('authorization')).toBe(row.token === 'app' ? 'Bearer app-token' : `Bearer user-token-${row.as}`);
      expect(request!.headers.get('client-id')).toBe('cid');
    }
    expect(result).toEqual(row.result);
  });

  it('declares every operation frozen, with the reference token kinds and scopes', () => {
    const table: Record<string, [token: string, scopes: string[]]> = {
      'extensions.extensionConfiguration': ['extension', []],
      'extensions.setExtensionConfiguration': ['extension', []],
      'extensions.setExtensionRequiredConfiguration': ['extension', []],
      'extensions.sendExtensionPubSubMessage': ['extension', []],
      'extensions.extensionLiveChannels': ['either', []],
      'extensions.extensionSecrets': ['extension', []],
      'extensions.createExtensionSecret': ['extension', []],
      'extensions.sendExtensionChatMessage': ['extension', []],
      'extensions.extension': ['extension', []],
      'extensions.releasedExtension': ['either', []],
      'extensions.extensionBitsProducts': ['app', []],
      'extensions.updateExtensionBitsProduct': ['app', []],
      'analytics.extensionAnalytics': ['user', ['analytics:read:extensions']],
      'analytics.gameAnalytics': ['user', ['analytics:read:games']],
      'entitlements.dropsEntitlements': ['either', []],
      'entitlements.updateDropsEntitlements': ['either', []],
    };
    expect(declarations).toHaveLength(Object.keys(table).length);
    for (const declaration of declarations) {
      const [token, scopes] = table[declaration.name]!;
      expect(Object.isFrozen(declaration), declaration.name).toBe(true);
      expect(declaration.token, declaration.name).toBe(token);
      expect([...declaration.scopes], declaration.name).toEqual(scopes);
      expect(declaration.actingUser, declaration.name).toBeUndefined();
    }
  });

  it('a JWT operation without the extension option is refused, naming the option, and sends nothing', async () => {
    const { client, requests } = stubClient(() => none);
    // @ts-expect-error the extension option is required by the type; a JavaScript caller may leave it out.
    await expect(api.extensionSecrets(client, { extension_id: 'ext' })).rejects.toThrow(
      "GET /extensions/jwt/secrets needs the request option extension ({ clientId, secret, ownerId }): the platform takes only a JWT signed with the extension's secret.",
    );
    // An OAuth identity or a raw token is no way around it.
    await expect(api.extensionSecrets(client, { extension_id: 'ext' }, { as: 'app' } as unknown as ExtensionRequestOptions)).rejects.toThrow(
      'GET /extensions/jwt/secrets needs the request option extension',
    );
    const chat = { broadcaster_id: '1', text: 'hi', extension_id: 'e', extension_version: '1' };
    await expect(api.sendExtensionChatMessage(client, chat, { token: 'a-raw-token' } as unknown as ExtensionRequestOptions)).rejects.toThrow(
      'POST /extensions/chat needs the request option extension',
    );
    expect(requests).toHaveLength(0);
  });

  it('a broken extension option is refused before sending, and no message holds the secret', async () => {
    const { client, requests } = stubClient(() => none);
    const secret = extensionCredentials.secret;
    const cases: [unknown, string][] = [
      [secret, 'The request option extension must be an object { clientId, secret, ownerId }; got a string.'],
      [{ ...extensionCredentials, ownerId: '' }, 'The request option extension.ownerId must be a non-empty string; got an empty string.'],
      [{ ...extensionCredentials, clientId: undefined }, 'The request option extension.clientId must be a non-empty string; got undefined.'],
      [{ ...extensionCredentials, secret: `${secret}!!` }, 'The request option extension.secret is not base64'],
    ];
    for (const [broken, message] of cases) {
      const error = await api.extension(client, { extension_id: 'ext' }, { extension: broken as ExtensionCredentials }).then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error).toBeInstanceOf(PlatformError);
      expect(error!.message).toContain(message);
      expect(`${error!.message} ${JSON.stringify({ ...error })}`).not.toContain(secret);
    }
    expect(requests).toHaveLength(0);
  });

  it('as, token and a client view do not apply: the JWT is the only credential', async () => {
    const { client, requests } = stubClient(() => ({ body: { data: [secrets] } }));
    const view = (client as unknown as { as(userId: string): ClientHandle }).as('77');
    await api.extensionSecrets(view, { extension_id: 'ext' }, { extension: extensionCredentials, as: 'app', token: 'a-raw-token' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('client-id')).toBe(extensionCredentials.clientId);
    expect(jwtClaims(requests[0]!)).toMatchObject({ user_id: owner, role: 'external' });
  });

  it('the extension option on an operation that takes an OAuth token is refused, even in a shared options object', async () => {
    const { client, requests } = stubClient(() => none);
    // Typed for the JWT operations, and so accepted by the others' RequestOptions too.
    const shared: ExtensionRequestOptions = { extension: extensionCredentials, as: 'app' };
    const oauth: [string, () => unknown][] = [
      ['GET /extensions/released', () => api.releasedExtension(client, { extension_id: 'ext' }, shared)],
      ['GET /extensions/live', () => api.extensionLiveChannels(client, { extension_id: 'ext' }, shared)],
      ['GET /bits/extensions', () => api.extensionBitsProducts(client, {}, shared)],
      ['PUT /bits/extensions', () => api.updateExtensionBitsProduct(client, { sku: 'a', cost: { amount: 1, type: 'bits' }, display_name: 'A' }, shared)],
      ['GET /analytics/extensions', () => api.extensionAnalytics(client, {}, shared)],
      ['GET /analytics/games', () => api.gameAnalytics(client, {}, shared)],
      ['GET /entitlements/drops', () => api.dropsEntitlements(client, {}, shared)],
      ['PATCH /entitlements/drops', () => api.updateDropsEntitlements(client, { entitlement_ids: ['a'], fulfillment_status: 'FULFILLED' }, shared)],
    ];
    for (const [call, run] of oauth) {
      // A paginator refuses at once, as it does a broken parameter; the others reject.
      const error = await (async () => run())().then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error, call).toBeInstanceOf(PlatformError);
      expect(error!.message, call).toBe(`${call} takes no request option extension.`);
    }
    expect(requests).toHaveLength(0);
  });

  it('a released extension the platform answers with none is an error', async () => {
    const { client } = stubClient(() => ({ body: { data: [] } }));
    await expect(api.releasedExtension(client, { extension_id: 'ext' }, { as: 'app' })).rejects.toThrow('GET /extensions/released returned no data.');
  });

  it('extensionLiveChannels follows the string cursor until it is empty', async () => {
    const { client, requests } = stubClient((request) => ({
      body: request.url.searchParams.get('after') === null ? { data: [liveChannel, liveChannel], pagination: 'next' } : { data: [liveChannel], pagination: '' },
    }));
    expect(await api.extensionLiveChannels(client, { extension_id: 'ext', first: 2 }, { as: 'app' }).all()).toHaveLength(3);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'next']);
  });

  it('long ID lists are split at 100 and joined in order', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => `e${index}`);
    const { client, requests } = stubClient((request) =>
      request.method === 'GET'
        ? { body: { data: request.url.searchParams.getAll('id').map((id) => ({ ...entitlement, id })), pagination: {} } }
        : { body: { data: [{ status: 'SUCCESS', ids: (JSON.parse(request.body!) as { entitlement_ids: string[] }).entitlement_ids }] } },
    );
    const read = await api.dropsEntitlements(client, { id: ids }, { as: 'app' }).all();
    expect(read.map((item) => item.id)).toEqual(ids);
    expect(requests.map((request) => request.url.searchParams.getAll('id').length)).toEqual([100, 50]);

    const outcomes = await api.updateDropsEntitlements(client, { entitlement_ids: ids, fulfillment_status: 'FULFILLED' }, { as: 'app' });
    expect(outcomes.flatMap((outcome) => outcome.ids)).toEqual(ids);
    const bodies = requests.slice(2).map((request) => JSON.parse(request.body!) as { entitlement_ids: string[]; fulfillment_status: string });
    expect(bodies.map((body) => body.entitlement_ids.length)).toEqual([100, 50]);
    expect(bodies.every((body) => body.fulfillment_status === 'FULFILLED')).toBe(true);
  });
});
