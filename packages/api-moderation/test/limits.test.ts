import { createClient, PlatformError, type ClientHandle, type OperationDeclaration, type RequestOptions } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as moderation from '../src/index';
import { validParams } from './samples';

/*
 * The spec's limits of the moderation group, and its required parameters: each broken rule is a
 * plain PlatformError naming the parameter and what is allowed, thrown before anything reaches
 * the (mock) platform.
 */

type Operation = (client: ClientHandle, params: unknown, options?: RequestOptions) => unknown;

const declarations = Object.entries(moderation)
  .filter(([key]) => key.endsWith('Operation'))
  .map(([, declaration]) => declaration as OperationDeclaration<Record<string, unknown>, unknown>);

const functionOf = (name: string) => (moderation as unknown as Record<string, Operation>)[name.slice('moderation.'.length)]!;

let mock: MockPlatform;
let client: ClientHandle;

beforeAll(async () => {
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'limits-app' });
  const streamer = mock.addUser({ id: '1', login: 'streamer' });
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: streamer.id, scopes: ['moderator:manage:banned_users', 'moderation:read'] });
  client = createClient({ clientId: app.clientId, token: accessToken, baseUrl: mock.baseUrl, authUrl: mock.authUrl, retries: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.clearRequests());

/** Runs the operation; resolves with what it threw (synchronously for a paginator) or undefined. */
async function failure(name: string, params: unknown): Promise<unknown> {
  try {
    const result = functionOf(name)(client, params);
    // A paginator validates at once; awaiting it would fetch the first page.
    if (result instanceof Promise) await result;
  } catch (error) {
    return error;
  }
  return undefined;
}

async function expectRefused(name: string, params: unknown, message: string) {
  const error = await failure(name, params);
  expect(error).toBeInstanceOf(PlatformError);
  expect((error as Error).constructor).toBe(PlatformError);
  expect((error as Error).message).toBe(message);
  expect(mock.requests).toHaveLength(0);
}

const long = (length: number) => 'x'.repeat(length);
const messages = (count: number) => Array.from({ length: count }, (_, index) => ({ msg_id: String(index), msg_text: 'hi' }));

describe('limits of specific operations', () => {
  const { checkAutoMod, ban, addBlockedTerm, resolveUnbanRequest, warn, updateAutoModSettings } = validParams;
  it.each([
    ['moderation.checkAutoMod', { ...checkAutoMod, data: [] }, 'The parameter data of moderation.checkAutoMod must hold from 1 to 100 items; got an array.'],
    ['moderation.checkAutoMod', { ...checkAutoMod, data: messages(101) }, 'The parameter data of moderation.checkAutoMod must hold from 1 to 100 items; got an array.'],
    ['moderation.checkAutoMod', { ...checkAutoMod, data: [null] }, 'The parameter data of moderation.checkAutoMod must hold { msg_id, msg_text } messages, msg_id a non-empty string and msg_text a string (message 1 is null); got an array.'],
    ['moderation.checkAutoMod', { ...checkAutoMod, data: [{ msg_id: 'a', msg_text: 'hi' }, { msg_id: '', msg_text: 'x' }] }, 'The parameter data of moderation.checkAutoMod must hold { msg_id, msg_text } messages, msg_id a non-empty string and msg_text a string (message 2 is {"msg_id":"","msg_text":"x"}); got an array.'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is what is checked
    ['moderation.checkAutoMod', { ...checkAutoMod, data: [, { msg_id: 'a', msg_text: 'hi' }] }, 'The parameter data of moderation.checkAutoMod must hold { msg_id, msg_text } messages, msg_id a non-empty string and msg_text a string (message 1 is undefined); got an array.'],
    ['moderation.ban', { ...ban, duration: 0 }, 'The parameter duration of moderation.ban must be from 1 to 1209600; got 0.'],
    ['moderation.ban', { ...ban, duration: 1_209_601 }, 'The parameter duration of moderation.ban must be from 1 to 1209600; got 1209601.'],
    ['moderation.ban', { ...ban, duration: 90.5 }, 'The parameter duration of moderation.ban must be a whole number; got 90.5.'],
    ['moderation.ban', { ...ban, reason: long(501) }, `The parameter reason of moderation.ban must hold at most 500 characters; got "${long(40)}…" (501 characters).`],
    ['moderation.addBlockedTerm', { ...addBlockedTerm, text: 'x' }, 'The parameter text of moderation.addBlockedTerm must hold from 2 to 500 characters; got "x".'],
    ['moderation.addBlockedTerm', { ...addBlockedTerm, text: long(501) }, `The parameter text of moderation.addBlockedTerm must hold from 2 to 500 characters; got "${long(40)}…" (501 characters).`],
    [
      'moderation.resolveUnbanRequest',
      { ...resolveUnbanRequest, resolution_text: long(501) },
      `The parameter resolution_text of moderation.resolveUnbanRequest must hold at most 500 characters; got "${long(40)}…" (501 characters).`,
    ],
    ['moderation.warn', { ...warn, reason: long(501) }, `The parameter reason of moderation.warn must hold at most 500 characters; got "${long(40)}…" (501 characters).`],
    ['moderation.warn', { ...warn, reason: undefined }, 'moderation.warn needs the parameter reason.'],
    ['moderation.warn', { ...warn, reason: '' }, 'The parameter reason of moderation.warn must not be empty; got "".'],
    ['moderation.updateAutoModSettings', { ...updateAutoModSettings, overall_level: 5 }, 'The parameter overall_level of moderation.updateAutoModSettings must be from 0 to 4; got 5.'],
    ['moderation.updateAutoModSettings', { ...updateAutoModSettings, overall_level: -1 }, 'The parameter overall_level of moderation.updateAutoModSettings must be from 0 to 4; got -1.'],
    [
      'moderation.updateAutoModSettings',
      { broadcaster_id: '1', moderator_id: '1', swearing: 7 },
      'The parameter swearing of moderation.updateAutoModSettings must be from 0 to 4; got 7.',
    ],
  ] as const)('%s %#', async (name, params, message) => {
    await expectRefused(name, params, message);
  });

  it('checkAutoMod takes exactly 1 and 100 messages', async () => {
    // The bounds themselves pass validation and are sent (the mock then answers as the platform would).
    for (const count of [1, 100]) {
      mock.clearRequests();
      const verdicts = await moderation.checkAutoMod(client, { broadcaster_id: '1', data: messages(count) });
      expect(verdicts).toHaveLength(count);
      expect(mock.requests).toHaveLength(1);
    }
  });

  it('a ban of 1 and of 1209600 seconds is sent', async () => {
    mock.addUser({ id: '9', login: 'viewer' });
    mock.state.channel('1');
    const first = await moderation.ban(client, { broadcaster_id: '1', moderator_id: '1', user_id: '9', duration: 1 });
    const second = await moderation.ban(client, { broadcaster_id: '1', moderator_id: '1', user_id: '9', duration: 1_209_600, reason: long(500) });
    expect(first.end_time).not.toBeNull();
    expect(second.end_time).not.toBeNull();
    expect(mock.requests.map((request) => request.status)).toEqual([200, 200]);
  });
});

describe('the page size of every moderation list: first 1 to 100', () => {
  const lists = declarations.filter((declaration) => declaration.result.name === 'page').map((declaration) => declaration.name);

  it('has the five lists and unbanRequests', () => {
    expect(lists.sort()).toEqual([
      'moderation.bans',
      'moderation.blockedTerms',
      'moderation.moderatedChannels',
      'moderation.moderators',
      'moderation.unbanRequests',
      'moderation.vips',
    ]);
  });

  it.each(lists.flatMap((name) => [[name, 0], [name, 101], [name, 2.5]] as const))('%s refuses first = %s', async (name, first) => {
    const message =
      first === 2.5 ? `The parameter first of ${name} must be a whole number; got 2.5.` : `The parameter first of ${name} must be from 1 to 100; got ${first}.`;
    await expectRefused(name, { ...validParams[name.slice('moderation.'.length)], first }, message);
  });
});

describe('required parameters and allowed values', () => {
  const missing = declarations.flatMap((declaration) =>
    Object.entries(declaration.params)
      .filter(([, spec]) => spec.required)
      .map(([key]) => [declaration.name, key] as const),
  );

  it('every operation with a required parameter is covered', () => {
    expect(missing.length).toBeGreaterThanOrEqual(25);
  });

  it.each(missing)('%s needs %s', async (name, key) => {
    const params: Record<string, unknown> = { ...validParams[name.slice('moderation.'.length)] };
    delete params[key];
    await expectRefused(name, params, `${name} needs the parameter ${key}.`);
  });

  it.each([
    ['moderation.manageAutoModMessage', 'action', 'allow', 'must be one of "ALLOW", "DENY"; got "allow".'],
    ['moderation.resolveUnbanRequest', 'status', 'pending', 'must be one of "approved", "denied"; got "pending".'],
    ['moderation.addSuspiciousStatus', 'status', 'NO_TREATMENT', 'must be one of "ACTIVE_MONITORING", "RESTRICTED"; got "NO_TREATMENT".'],
    ['moderation.updateShieldMode', 'is_active', 'yes', 'must be true or false; got "yes".'],
    ['moderation.ban', 'user_id', 9, 'must be a string; got 9.'],
    ['moderation.bans', 'user_id', [], 'must hold at least one ID; got an array.'],
    ['moderation.moderators', 'user_id', ['7', ''], 'must be an ID or a list of IDs (non-empty strings); got an array.'],
    ['moderation.vips', 'user_id', 9, 'must be an ID or a list of IDs (non-empty strings); got 9.'],
    ['moderation.checkAutoMod', 'data', { msg_id: 'a', msg_text: 'b' }, 'must be a list; got an object.'],
  ] as const)('%s refuses %s = %j', async (name, key, value, problem) => {
    await expectRefused(name, { ...validParams[name.slice('moderation.'.length)], [key]: value }, `The parameter ${key} of ${name} ${problem}`);
  });

  it('an unknown parameter is refused by name', async () => {
    await expectRefused('moderation.ban', { ...validParams.ban, durration: 60 }, 'moderation.ban has no parameter durration.');
  });
});
