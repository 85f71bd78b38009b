import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformAuthError, PlatformError, PlatformScopeError, validateParams, type ClientHandle, type RequestOptions } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as guestStar from '../src/index';

const CLIENT = 'gueststar-limits';
let mock: MockPlatform;
let client: ClientHandle;
let host: string;
let plain: string;
let reader: string;
let manager: string;

beforeAll(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId: CLIENT, clientSecret: 'secret' });
  host = mock.addUser({ login: 'limits_host' }).id;
  plain = mock.addUser({ login: 'no_guest_scopes' }).id;
  reader = mock.addUser({ login: 'read_only_mod' }).id;
  manager = mock.addUser({ login: 'managing_mod' }).id;
  mock.state.channel(host).moderators.add(reader);
  mock.state.channel(host).moderators.add(manager);
  client = createClient({ clientId: CLIENT, clientSecret: 'secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
  const token = (userId: string, scopes: string[]) => mock.issueToken({ clientId: CLIENT, userId, scopes }).accessToken;
  await authOf(client).addUser(token(host, ['channel:manage:guest_star']));
  await authOf(client).addUser(token(plain, ['user:read:email']));
  await authOf(client).addUser(token(reader, ['moderator:read:guest_star']));
  await authOf(client).addUser(token(manager, ['moderator:manage:guest_star']));
});
afterAll(async () => {
  await mock?.close();
});
beforeEach(() => mock.clearRequests());

type Call = (client: ClientHandle, params: never, options?: RequestOptions) => Promise<unknown>;

/** The rejection of a call that must fail; fails the test when it resolves. */
async function refusal(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('The call resolved; a rejection was expected.');
}

async function expectRefusedBeforeSending(call: Call, params: Record<string, unknown>, message: string, options: RequestOptions = { as: host }) {
  const error = await refusal(() => call(client, params as never, options));
  expect(error.constructor).toBe(PlatformError);
  expect(error.message).toBe(message);
  expect(mock.requests.length).toBe(0);
}

const base = () => ({ broadcaster_id: host, session_id: 'S1' });

describe('the limits of the spec, checked before anything is sent', () => {
  it.each([
    [0, 'must be from 1 to 6; got 0.'],
    [7, 'must be from 1 to 6; got 7.'],
    [-1, 'must be from 1 to 6; got -1.'],
    [2.5, 'must be a whole number; got 2.5.'],
    ['3', 'must be a number; got "3".'],
    [Number.NaN, 'must be a number; got NaN.'],
  ])('updateSettings slot_count %s', async (slotCount, problem) => {
    await expectRefusedBeforeSending(guestStar.updateSettings, { slot_count: slotCount }, `The parameter slot_count of guestStar.updateSettings ${problem}`);
  });

  it.each([
    [-1, 'must be from 0 to 100; got -1.'],
    [101, 'must be from 0 to 100; got 101.'],
    [40.5, 'must be a whole number; got 40.5.'],
    ['50', 'must be a number; got "50".'],
  ])('updateSlotSettings volume %s', async (volume, problem) => {
    await expectRefusedBeforeSending(
      guestStar.updateSlotSettings,
      { ...base(), slot_id: '1', volume },
      `The parameter volume of guestStar.updateSlotSettings ${problem}`,
    );
  });

  it.each([
    ['assignSlot', 'slot_id', guestStar.assignSlot, { guest_id: '9', slot_id: 1 }, '1'],
    ['updateSlot', 'source_slot_id', guestStar.updateSlot, { source_slot_id: 1 }, '1'],
    ['updateSlot', 'destination_slot_id', guestStar.updateSlot, { source_slot_id: '1', destination_slot_id: 2 }, '2'],
    ['deleteSlot', 'slot_id', guestStar.deleteSlot, { guest_id: '9', slot_id: 3 }, '3'],
    ['updateSlotSettings', 'slot_id', guestStar.updateSlotSettings, { slot_id: 0 }, '0'],
  ] as const)('%s: %s must be a string', async (name, key, call, extra, value) => {
    await expectRefusedBeforeSending(call, { ...base(), ...extra }, `The parameter ${key} of guestStar.${name} must be a string; got ${value}.`);
  });

  it.each([
    ['updateSettings', 'regenerate_browser_sources', guestStar.updateSettings, { regenerate_browser_sources: 'true' }, '"true"'],
    ['updateSettings', 'is_moderator_send_live_enabled', guestStar.updateSettings, { is_moderator_send_live_enabled: 1 }, '1'],
    ['deleteSlot', 'should_reinvite_guest', guestStar.deleteSlot, { guest_id: '9', slot_id: '1', should_reinvite_guest: 'yes' }, '"yes"'],
    ['updateSlotSettings', 'is_live', guestStar.updateSlotSettings, { slot_id: '1', is_live: 1 }, '1'],
    ['updateSlotSettings', 'is_audio_enabled', guestStar.updateSlotSettings, { slot_id: '1', is_audio_enabled: 'false' }, '"false"'],
  ] as const)('%s: %s must be a boolean', async (name, key, call, params, shown) => {
    const session = name === 'updateSettings' ? {} : base();
    await expectRefusedBeforeSending(call, { ...session, ...params }, `The parameter ${key} of guestStar.${name} must be true or false; got ${shown}.`);
  });

  it('the edges of the ranges pass the check', () => {
    for (const slot_count of [1, 6]) expect(() => validateParams(guestStar.updateSettingsOperation as never, { slot_count })).not.toThrow();
    for (const volume of [0, 100]) {
      expect(() => validateParams(guestStar.updateSlotSettingsOperation as never, { ...base(), slot_id: '1', volume })).not.toThrow();
    }
  });
});

// Every required parameter of every operation, left out in turn.
const requiredCases: [string, Call, Record<string, unknown>, string][] = [];
const full: [string, Call, Record<string, unknown>, string[]][] = [
  ['settings', guestStar.settings, { broadcaster_id: '1' }, ['broadcaster_id']],
  ['session', guestStar.session, { broadcaster_id: '1' }, ['broadcaster_id']],
  ['endSession', guestStar.endSession, { session_id: 'S1' }, ['session_id']],
  ['invites', guestStar.invites, { broadcaster_id: '1', session_id: 'S1' }, ['broadcaster_id', 'session_id']],
  ['invite', guestStar.invite, { broadcaster_id: '1', session_id: 'S1', guest_id: '9' }, ['broadcaster_id', 'session_id', 'guest_id']],
  ['deleteInvite', guestStar.deleteInvite, { broadcaster_id: '1', session_id: 'S1', guest_id: '9' }, ['broadcaster_id', 'session_id', 'guest_id']],
  ['assignSlot', guestStar.assignSlot, { broadcaster_id: '1', session_id: 'S1', guest_id: '9', slot_id: '1' }, ['broadcaster_id', 'session_id', 'guest_id', 'slot_id']],
  ['updateSlot', guestStar.updateSlot, { broadcaster_id: '1', session_id: 'S1', source_slot_id: '1' }, ['broadcaster_id', 'session_id', 'source_slot_id']],
  ['deleteSlot', guestStar.deleteSlot, { broadcaster_id: '1', session_id: 'S1', guest_id: '9', slot_id: '1' }, ['broadcaster_id', 'session_id', 'guest_id', 'slot_id']],
  ['updateSlotSettings', guestStar.updateSlotSettings, { broadcaster_id: '1', session_id: 'S1', slot_id: '1' }, ['broadcaster_id', 'session_id', 'slot_id']],
];
for (const [name, call, params, keys] of full) {
  for (const key of keys) {
    const { [key]: _left, ...rest } = params;
    requiredCases.push([`${name} without ${key}`, call, rest, `guestStar.${name} needs the parameter ${key}.`]);
    requiredCases.push([`${name} with an empty ${key}`, call, { ...params, [key]: '' }, `The parameter ${key} of guestStar.${name} must not be empty; got "".`]);
  }
}

describe('required parameters, checked before anything is sent', () => {
  it.each(requiredCases)('%s', async (_title, call, params, message) => {
    await expectRefusedBeforeSending(call, params, message);
  });

  it('an unknown parameter is refused', async () => {
    await expectRefusedBeforeSending(guestStar.invite, { ...base(), user_id: '9' }, 'guestStar.invite has no parameter user_id.');
  });

  it('createSession and updateSettings need no parameter at all', () => {
    expect(() => validateParams(guestStar.createSessionOperation as never, undefined)).not.toThrow();
    expect(() => validateParams(guestStar.updateSettingsOperation as never, {})).not.toThrow();
  });
});

// One valid parameter set per operation, for the token checks.
const operations: [string, string, Call, () => Record<string, unknown>, 'read' | 'manage' | 'host'][] = [
  ['settings', 'GET /guest_star/channel_settings', guestStar.settings, () => ({ broadcaster_id: host }), 'read'],
  ['updateSettings', 'PUT /guest_star/channel_settings', guestStar.updateSettings, () => ({ slot_count: 2 }), 'host'],
  ['session', 'GET /guest_star/session', guestStar.session, () => ({ broadcaster_id: host }), 'read'],
  ['createSession', 'POST /guest_star/session', guestStar.createSession, () => ({}), 'host'],
  ['endSession', 'DELETE /guest_star/session', guestStar.endSession, () => ({ session_id: 'S1' }), 'host'],
  ['invites', 'GET /guest_star/invites', guestStar.invites, () => base(), 'read'],
  ['invite', 'POST /guest_star/invites', guestStar.invite, () => ({ ...base(), guest_id: plain }), 'manage'],
  ['deleteInvite', 'DELETE /guest_star/invites', guestStar.deleteInvite, () => ({ ...base(), guest_id: plain }), 'manage'],
  ['assignSlot', 'POST /guest_star/slot', guestStar.assignSlot, () => ({ ...base(), guest_id: plain, slot_id: '1' }), 'manage'],
  ['updateSlot', 'PATCH /guest_star/slot', guestStar.updateSlot, () => ({ ...base(), source_slot_id: '1', destination_slot_id: '2' }), 'manage'],
  ['deleteSlot', 'DELETE /guest_star/slot', guestStar.deleteSlot, () => ({ ...base(), guest_id: plain, slot_id: '1' }), 'manage'],
  ['updateSlotSettings', 'PATCH /guest_star/slot_settings', guestStar.updateSlotSettings, () => ({ ...base(), slot_id: '1', volume: 50 }), 'manage'],
];
const scopeText = {
  read: 'channel:read:guest_star or channel:manage:guest_star or moderator:read:guest_star or moderator:manage:guest_star',
  manage: 'channel:manage:guest_star or moderator:manage:guest_star',
  host: 'channel:manage:guest_star',
};

describe('tokens: a user token with one of the scopes, checked before anything is sent', () => {
  it.each(operations)('%s refuses the app token', async (_name, route, call, params) => {
    const error = await refusal(() => call(client, params() as never, { as: 'app' }));
    expect(error.constructor).toBe(PlatformAuthError);
    expect(error.message).toBe(`${route} only accepts a user access token: the app token cannot be used for it.`);
    expect(mock.requests.length).toBe(0);
  });

  it.each(operations)('%s refuses a token without a guest star scope', async (_name, route, call, params, set) => {
    const error = await refusal(() => call(client, params() as never, { as: plain }));
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect(error.message).toBe(`The token of user ${plain} is missing the ${scopeText[set]} scope required by ${route}.`);
    expect((error as PlatformScopeError).granted).toEqual(['user:read:email']);
    expect(mock.requests.length).toBe(0);
  });

  it.each(operations.filter(([, , , , set]) => set !== 'read'))('%s refuses moderator:read:guest_star alone', async (_name, route, call, params, set) => {
    const error = await refusal(() => call(client, params() as never, { as: reader }));
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect(error.message).toBe(`The token of user ${reader} is missing the ${scopeText[set]} scope required by ${route}.`);
    expect(mock.requests.length).toBe(0);
  });

  it.each(operations.filter(([, , , , set]) => set === 'host'))('%s refuses moderator:manage:guest_star: only the broadcaster may', async (_name, route, call, params) => {
    const error = await refusal(() => call(client, params() as never, { as: manager }));
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect(error.message).toBe(`The token of user ${manager} is missing the channel:manage:guest_star scope required by ${route}.`);
    expect(mock.requests.length).toBe(0);
  });

  it('with several users registered and none named, a call says so and sends nothing', async () => {
    const error = await refusal(() => guestStar.createSession(client));
    expect(error.constructor).toBe(PlatformAuthError);
    expect(error.message).toBe(
      'POST /guest_star/session needs a user access token and several users are registered. Choose one with { as: userId } or client.as(userId).',
    );
    expect(mock.requests.length).toBe(0);
  });
});

describe('the edges of the ranges reach the platform', () => {
  it('slot_count 1 and 6, volume 0 and 100', async () => {
    await guestStar.updateSettings(client, { broadcaster_id: host, slot_count: 6 });
    expect(mock.guestStar.settings(host).slot_count).toBe(6);
    await guestStar.updateSettings(client, { broadcaster_id: host, slot_count: 1 });
    expect(mock.guestStar.settings(host).slot_count).toBe(1);
    const created = await guestStar.createSession(client, { broadcaster_id: host });
    // The host's own slot "0" takes slot settings too.
    for (const volume of [0, 100]) {
      await guestStar.updateSlotSettings(client, { broadcaster_id: host, moderator_id: manager, session_id: created.id, slot_id: '0', volume });
      expect(mock.guestStar.session(host)!.seats.get('0')!.volume).toBe(volume);
    }
    await guestStar.endSession(client, { broadcaster_id: host, session_id: created.id });
    expect(mock.requests.filter((request) => request.server === 'helix').map((request) => request.status)).toEqual([204, 204, 200, 204, 204, 200]);
  });
});
