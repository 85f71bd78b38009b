import { createClient, PlatformError, type ClientHandle } from '@platform/core';
import { authOf, platformAuth } from '@platform/auth';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  announce,
  channelBadges,
  channelEmotes,
  chatters,
  colors,
  emoteSets,
  pin,
  pinnedMessage,
  send,
  setColor,
  settings,
  sharedSession,
  shoutout,
  unpin,
  updatePin,
  updateSettings,
  userEmotes,
} from '../src/index';
import { stubClient } from './stub';

const long = (length: number) => 'x'.repeat(length);

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('limits and required parameters: refused before anything reaches the mock platform', () => {
  let mock: MockPlatform;
  let client: ClientHandle;

  beforeAll(async () => {
    mock = await createMockPlatform();
    const app = mock.addClient({ clientId: 'limits-app', clientSecret: 'limits-secret-value' });
    const broadcaster = mock.addUser({ id: '1', login: 'caster' });
    client = createClient({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
    const { accessToken } = mock.issueToken({
      clientId: app.clientId,
      userId: broadcaster.id,
      scopes: ['moderator:read:chatters', 'moderator:manage:chat_settings', 'moderator:manage:announcements', 'moderator:manage:shoutouts', 'user:write:chat', 'moderator:manage:chat_messages', 'user:read:emotes', 'user:manage:chat_color'],
    });
    await authOf(client).addUser(accessToken);
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.clearRequests());

  const cases: [string, (client: ClientHandle) => unknown, string][] = [
    // The spec's Limits part, chat rows.
    ['chatters first 0', (c) => chatters(c, { broadcaster_id: '1', first: 0 }), 'The parameter first of chat.chatters must be from 1 to 1000; got 0.'],
    ['chatters first 1001', (c) => chatters(c, { broadcaster_id: '1', first: 1001 }), 'The parameter first of chat.chatters must be from 1 to 1000; got 1001.'],
    ['chatters first 2.5', (c) => chatters(c, { broadcaster_id: '1', first: 2.5 }), 'The parameter first of chat.chatters must be a whole number; got 2.5.'],
    ['send message 501', (c) => send(c, { broadcaster_id: '1', message: long(501) }), `The parameter message of chat.send must hold at most 500 characters; got "${long(40)}…" (501 characters).`],
    ['pin duration 29', (c) => pin(c, { broadcaster_id: '1', message_id: 'm', duration_seconds: 29 }), 'The parameter duration_seconds of chat.pin must be from 30 to 1800; got 29.'],
    ['pin duration 1801', (c) => pin(c, { broadcaster_id: '1', message_id: 'm', duration_seconds: 1801 }), 'The parameter duration_seconds of chat.pin must be from 30 to 1800; got 1801.'],
    ['updatePin duration 29', (c) => updatePin(c, { broadcaster_id: '1', message_id: 'm', duration_seconds: 29 }), 'The parameter duration_seconds of chat.updatePin must be from 30 to 1800; got 29.'],
    ['updatePin duration 1801', (c) => updatePin(c, { broadcaster_id: '1', message_id: 'm', duration_seconds: 1801 }), 'The parameter duration_seconds of chat.updatePin must be from 30 to 1800; got 1801.'],
    [
      'follower_mode_duration -1',
      (c) => updateSettings(c, { broadcaster_id: '1', follower_mode_duration: -1 }),
      'The parameter follower_mode_duration of chat.updateSettings must be from 0 to 129600; got -1.',
    ],
    [
      'follower_mode_duration 129601',
      (c) => updateSettings(c, { broadcaster_id: '1', follower_mode_duration: 129_601 }),
      'The parameter follower_mode_duration of chat.updateSettings must be from 0 to 129600; got 129601.',
    ],
    ['slow_mode_wait_time 2', (c) => updateSettings(c, { broadcaster_id: '1', slow_mode_wait_time: 2 }), 'The parameter slow_mode_wait_time of chat.updateSettings must be from 3 to 120; got 2.'],
    ['slow_mode_wait_time 121', (c) => updateSettings(c, { broadcaster_id: '1', slow_mode_wait_time: 121 }), 'The parameter slow_mode_wait_time of chat.updateSettings must be from 3 to 120; got 121.'],
    [
      'non_moderator_chat_delay_duration 3',
      (c) => updateSettings(c, { broadcaster_id: '1', non_moderator_chat_delay_duration: 3 }),
      'The parameter non_moderator_chat_delay_duration of chat.updateSettings must be one of 2, 4, 6; got 3.',
    ],
    // Rules of the parameter list.
    [
      'a duration with its mode false',
      (c) => updateSettings(c, { broadcaster_id: '1', slow_mode: false, slow_mode_wait_time: 10 }),
      'The parameter slow_mode_wait_time of chat.updateSettings is sent with slow_mode true; got slow_mode false.',
    ],
    [
      'pin with a reply',
      (c) => send(c, { broadcaster_id: '1', message: 'hi', pin: true, reply_parent_message_id: 'p' }),
      'The parameter pin of chat.send cannot be combined with reply_parent_message_id; got pin true and reply_parent_message_id "p".',
    ],
    [
      'pin with for_source_only',
      (c) => send(c, { broadcaster_id: '1', message: 'hi', pin: true, for_source_only: false }),
      'The parameter pin of chat.send cannot be combined with for_source_only; got pin true and for_source_only false.',
    ],
    ['emoteSets with no ID', (c) => emoteSets(c, { emote_set_id: [] }), 'The parameter emote_set_id of chat.emoteSets must hold at least one ID; got an array.'],
    ['colors with an empty ID', (c) => colors(c, { user_id: ['5', ''] }), 'The parameter user_id of chat.colors must be an ID or a list of IDs (non-empty strings); got an array.'],
    ['userEmotes has no first', (c) => userEmotes(c, { first: 5 } as never), 'chat.userEmotes has no parameter first.'],
    // Required parameters.
    ['chatters without broadcaster_id', (c) => chatters(c, {} as never), 'chat.chatters needs the parameter broadcaster_id.'],
    ['channelEmotes without broadcaster_id', (c) => channelEmotes(c, {} as never), 'chat.channelEmotes needs the parameter broadcaster_id.'],
    ['emoteSets without emote_set_id', (c) => emoteSets(c, {} as never), 'chat.emoteSets needs the parameter emote_set_id.'],
    ['channelBadges without broadcaster_id', (c) => channelBadges(c, {} as never), 'chat.channelBadges needs the parameter broadcaster_id.'],
    ['settings without broadcaster_id', (c) => settings(c, {} as never), 'chat.settings needs the parameter broadcaster_id.'],
    ['sharedSession with an empty broadcaster_id', (c) => sharedSession(c, { broadcaster_id: '' }), 'The parameter broadcaster_id of chat.sharedSession must not be empty; got "".'],
    ['updateSettings without broadcaster_id', (c) => updateSettings(c, { emote_mode: true } as never), 'chat.updateSettings needs the parameter broadcaster_id.'],
    ['announce without message', (c) => announce(c, { broadcaster_id: '1' } as never), 'chat.announce needs the parameter message.'],
    ['announce with an empty message', (c) => announce(c, { broadcaster_id: '1', message: '' }), 'The parameter message of chat.announce must not be empty; got "".'],
    ['shoutout without to_broadcaster_id', (c) => shoutout(c, { from_broadcaster_id: '1' } as never), 'chat.shoutout needs the parameter to_broadcaster_id.'],
    ['send without message', (c) => send(c, { broadcaster_id: '1' } as never), 'chat.send needs the parameter message.'],
    ['send without broadcaster_id', (c) => send(c, { message: 'hi' } as never), 'chat.send needs the parameter broadcaster_id.'],
    ['pinnedMessage without broadcaster_id', (c) => pinnedMessage(c, {} as never), 'chat.pinnedMessage needs the parameter broadcaster_id.'],
    ['pin without message_id', (c) => pin(c, { broadcaster_id: '1' } as never), 'chat.pin needs the parameter message_id.'],
    ['updatePin without message_id', (c) => updatePin(c, { broadcaster_id: '1' } as never), 'chat.updatePin needs the parameter message_id.'],
    ['unpin without message_id', (c) => unpin(c, { broadcaster_id: '1' } as never), 'chat.unpin needs the parameter message_id.'],
    ['colors without user_id', (c) => colors(c, {} as never), 'chat.colors needs the parameter user_id.'],
    ['setColor without color', (c) => setColor(c, {} as never), 'chat.setColor needs the parameter color.'],
  ];

  it.each(cases)('%s', async (_, run, message) => {
    const error = await failure(() => run(client));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    expect(error.message).toBe(message);
    expect(mock.requests.length).toBe(0);
  });

  it('the edges of each range are allowed', async () => {
    expect(() => chatters(client, { broadcaster_id: '1', first: 1 })).not.toThrow();
    expect(() => chatters(client, { broadcaster_id: '1', first: 1000 })).not.toThrow();
    expect(mock.requests.length).toBe(0);
  });
});

describe('long ID lists: split at the platform maximum, joined in order', () => {
  it('emoteSets: 25 sets per request, the emotes in order and the template kept', async () => {
    const { client, requests } = stubClient((request) => ({
      body: { data: request.url.searchParams.getAll('emote_set_id').map((id) => ({ id: `e-${id}`, name: id })), template: 'T/{{id}}' },
    }));
    const ids = Array.from({ length: 60 }, (_, index) => `set${index}`);
    const result = await emoteSets(client, { emote_set_id: ids }, { as: 'app' });
    expect(requests.map((request) => request.url.searchParams.getAll('emote_set_id'))).toEqual([ids.slice(0, 25), ids.slice(25, 50), ids.slice(50)]);
    expect(result.data.map((emote) => emote.id)).toEqual(ids.map((id) => `e-${id}`));
    expect(result.template).toBe('T/{{id}}');
  });

  it('emoteSets: exactly 25 sets, or one set as a string, is one request', async () => {
    const { client, requests } = stubClient(() => ({ body: { data: [], template: 'T' } }));
    await emoteSets(client, { emote_set_id: Array.from({ length: 25 }, (_, index) => String(index)) }, { as: 'app' });
    await emoteSets(client, { emote_set_id: 'alone' }, { as: 'app' });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.url.search).toBe('?emote_set_id=alone');
  });

  it('colors: 100 users per request, the colors in order', async () => {
    const { client, requests } = stubClient((request) => ({
      body: { data: request.url.searchParams.getAll('user_id').map((user_id) => ({ user_id, user_login: `u${user_id}`, user_name: `U${user_id}`, color: '' })) },
    }));
    const ids = Array.from({ length: 250 }, (_, index) => String(1000 + index));
    const result = await colors(client, { user_id: ids }, { as: 'app' });
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([100, 100, 50]);
    expect(requests.flatMap((request) => request.url.searchParams.getAll('user_id'))).toEqual(ids);
    expect(result.map((color) => color.user_id)).toEqual(ids);
  });
});
