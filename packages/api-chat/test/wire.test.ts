import type { ClientHandle, RequestOptions } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  announce,
  announceOperation,
  channelBadges,
  channelBadgesOperation,
  channelEmotes,
  channelEmotesOperation,
  chatters,
  chattersOperation,
  colors,
  colorsOperation,
  emoteSets,
  emoteSetsOperation,
  globalBadges,
  globalBadgesOperation,
  globalEmotes,
  globalEmotesOperation,
  pin,
  pinnedMessage,
  pinnedMessageOperation,
  pinOperation,
  send,
  sendOperation,
  setColor,
  setColorOperation,
  settings,
  settingsOperation,
  sharedSession,
  sharedSessionOperation,
  shoutout,
  shoutoutOperation,
  unpin,
  unpinOperation,
  updatePin,
  updatePinOperation,
  updateSettings,
  updateSettingsOperation,
  userEmotes,
  userEmotesOperation,
} from '../src/index';
import { stubClient, type StubReply } from './stub';

const template = 'https://static.example/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}';
const emote = { id: '25', name: 'Kappa', format: ['static'], scale: ['1.0'], theme_mode: ['light'] };
const badges = [{ set_id: 'vip', versions: [{ id: '1', title: 'VIP' }] }];
const chatSettings = {
  broadcaster_id: '1',
  emote_mode: false,
  follower_mode: false,
  follower_mode_duration: null,
  slow_mode: true,
  slow_mode_wait_time: 10,
  subscriber_mode: false,
  unique_chat_mode: false,
};
const session = { session_id: 's1', host_broadcaster_id: '1', participants: [{ broadcaster_id: '1' }, { broadcaster_id: '2' }], created_at: 't', updated_at: 't' };
const pinned = {
  message_id: 'm1',
  broadcaster_id: '1',
  sender_user_id: '5',
  sender_user_login: 'five',
  sender_user_name: 'Five',
  pinned_by_user_id: '77',
  pinned_by_user_login: 'mod',
  pinned_by_user_name: 'Mod',
  message: { text: 'hi', fragments: [{ type: 'text', text: 'hi' }] },
  starts_at: 't',
  ends_at: null,
  updated_at: 't',
};

interface WireCase {
  /** What the row shows. */
  title: string;
  /** The declaration the call must follow (its name is checked against the row). */
  operation: { name: string };
  run: (client: ClientHandle, options: RequestOptions) => Promise<unknown>;
  as: string;
  reply: StubReply;
  method: string;
  path: string;
  /** Query pairs, in any order of keys; a repeated key keeps its order. */
  query: [string, string][];
  body?: unknown;
  token: 'app' | 'user';
  result: unknown;
}

const cases: WireCase[] = [
  {
    title: 'chatters: query, moderator_id from the token, a page with total',
    operation: chattersOperation,
    run: async (client, options) => {
      const page = await chatters(client, { broadcaster_id: '1', first: 50 }, options);
      return { data: page.data, cursor: page.cursor, total: page.raw.total };
    },
    as: '77',
    reply: { body: { data: [{ user_id: '5', user_login: 'five', user_name: 'Five' }], pagination: { cursor: 'c1' }, total: 9 } },
    method: 'GET',
    path: '/chat/chatters',
    query: [['broadcaster_id', '1'], ['first', '50'], ['moderator_id', '77']],
    token: 'user',
    result: { data: [{ user_id: '5', user_login: 'five', user_name: 'Five' }], cursor: 'c1', total: 9 },
  },
  {
    title: 'chatters with the app token and moderator_id given',
    operation: chattersOperation,
    run: async (client, options) => (await chatters(client, { broadcaster_id: '1', moderator_id: '77', after: 'c0' }, options)).data,
    as: 'app',
    reply: { body: { data: [], pagination: {}, total: 0 } },
    method: 'GET',
    path: '/chat/chatters',
    query: [['after', 'c0'], ['broadcaster_id', '1'], ['moderator_id', '77']],
    token: 'app',
    result: [],
  },
  {
    title: 'channelEmotes: the whole envelope, template kept',
    operation: channelEmotesOperation,
    run: (client, options) => channelEmotes(client, { broadcaster_id: '1' }, options),
    as: 'app',
    reply: { body: { data: [{ ...emote, tier: '1000' }], template } },
    method: 'GET',
    path: '/chat/emotes',
    query: [['broadcaster_id', '1']],
    token: 'app',
    result: { data: [{ ...emote, tier: '1000' }], template },
  },
  {
    title: 'globalEmotes: no parameters at all',
    operation: globalEmotesOperation,
    run: (client, options) => globalEmotes(client, undefined, options),
    as: 'app',
    reply: { body: { data: [emote], template } },
    method: 'GET',
    path: '/chat/emotes/global',
    query: [],
    token: 'app',
    result: { data: [emote], template },
  },
  {
    title: 'globalEmotes: {} and a user token',
    operation: globalEmotesOperation,
    run: (client, options) => globalEmotes(client, {}, options),
    as: '77',
    reply: { body: { data: [emote], template } },
    method: 'GET',
    path: '/chat/emotes/global',
    query: [],
    token: 'user',
    result: { data: [emote], template },
  },
  {
    title: 'emoteSets: repeated emote_set_id keys',
    operation: emoteSetsOperation,
    run: (client, options) => emoteSets(client, { emote_set_id: ['0', '300'] }, options),
    as: 'app',
    reply: { body: { data: [emote], template } },
    method: 'GET',
    path: '/chat/emotes/set',
    query: [['emote_set_id', '0'], ['emote_set_id', '300']],
    token: 'app',
    result: { data: [emote], template },
  },
  {
    title: 'channelBadges: the list',
    operation: channelBadgesOperation,
    run: (client, options) => channelBadges(client, { broadcaster_id: '1' }, options),
    as: 'app',
    reply: { body: { data: badges } },
    method: 'GET',
    path: '/chat/badges',
    query: [['broadcaster_id', '1']],
    token: 'app',
    result: badges,
  },
  {
    title: 'channelBadges: an empty list when none',
    operation: channelBadgesOperation,
    run: (client, options) => channelBadges(client, { broadcaster_id: '1' }, options),
    as: 'app',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/chat/badges',
    query: [['broadcaster_id', '1']],
    token: 'app',
    result: [],
  },
  {
    title: 'globalBadges: the list',
    operation: globalBadgesOperation,
    run: (client, options) => globalBadges(client, undefined, options),
    as: 'app',
    reply: { body: { data: badges } },
    method: 'GET',
    path: '/chat/badges/global',
    query: [],
    token: 'app',
    result: badges,
  },
  {
    title: 'settings with a user token: moderator_id from the token, data[0]',
    operation: settingsOperation,
    run: (client, options) => settings(client, { broadcaster_id: '1' }, options),
    as: '77',
    reply: { body: { data: [{ ...chatSettings, moderator_id: '77', non_moderator_chat_delay: false, non_moderator_chat_delay_duration: null }] } },
    method: 'GET',
    path: '/chat/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    token: 'user',
    result: { ...chatSettings, moderator_id: '77', non_moderator_chat_delay: false, non_moderator_chat_delay_duration: null },
  },
  {
    title: 'settings with the app token: no moderator_id needed',
    operation: settingsOperation,
    run: (client, options) => settings(client, { broadcaster_id: '1' }, options),
    as: 'app',
    reply: { body: { data: [chatSettings] } },
    method: 'GET',
    path: '/chat/settings',
    query: [['broadcaster_id', '1']],
    token: 'app',
    result: chatSettings,
  },
  {
    title: 'sharedSession: data[0] under /shared_chat',
    operation: sharedSessionOperation,
    run: (client, options) => sharedSession(client, { broadcaster_id: '2' }, options),
    as: 'app',
    reply: { body: { data: [session] } },
    method: 'GET',
    path: '/shared_chat/session',
    query: [['broadcaster_id', '2']],
    token: 'app',
    result: session,
  },
  {
    title: 'sharedSession: null when in none',
    operation: sharedSessionOperation,
    run: (client, options) => sharedSession(client, { broadcaster_id: '2' }, options),
    as: 'app',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/shared_chat/session',
    query: [['broadcaster_id', '2']],
    token: 'app',
    result: null,
  },
  {
    title: 'userEmotes: user_id from the token, the page keeps raw.template',
    operation: userEmotesOperation,
    run: async (client, options) => {
      const page = await userEmotes(client, { broadcaster_id: '1' }, options);
      return { data: page.data, template: page.raw.template, cursor: page.cursor };
    },
    as: '77',
    reply: { body: { data: [{ ...emote, emote_type: 'globals', emote_set_id: '0', owner_id: '0' }], template, pagination: { cursor: 'n' } } },
    method: 'GET',
    path: '/chat/emotes/user',
    query: [['broadcaster_id', '1'], ['user_id', '77']],
    token: 'user',
    result: { data: [{ ...emote, emote_type: 'globals', emote_set_id: '0', owner_id: '0' }], template, cursor: 'n' },
  },
  {
    title: 'updateSettings: PATCH, ids in the query, changed fields in a flat body, the duration carries its mode',
    operation: updateSettingsOperation,
    run: (client, options) => updateSettings(client, { broadcaster_id: '1', slow_mode_wait_time: 10, emote_mode: false }, options),
    as: '77',
    reply: { body: { data: [chatSettings] } },
    method: 'PATCH',
    path: '/chat/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    body: { slow_mode_wait_time: 10, slow_mode: true, emote_mode: false },
    token: 'user',
    result: chatSettings,
  },
  {
    title: 'updateSettings: a mode turned off without its duration',
    operation: updateSettingsOperation,
    run: (client, options) => updateSettings(client, { broadcaster_id: '1', moderator_id: '77', follower_mode: false, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 }, options),
    as: 'app',
    reply: { body: { data: [chatSettings] } },
    method: 'PATCH',
    path: '/chat/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    body: { follower_mode: false, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 },
    token: 'app',
    result: chatSettings,
  },
  {
    title: 'announce: ids in the query, message and color in the body, 204',
    operation: announceOperation,
    run: (client, options) => announce(client, { broadcaster_id: '1', message: 'Hello', color: 'purple' }, options),
    as: '77',
    reply: { status: 204 },
    method: 'POST',
    path: '/chat/announcements',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    body: { message: 'Hello', color: 'purple' },
    token: 'user',
    result: undefined,
  },
  {
    title: 'announce with the app token: for_source_only in the body, where the platform\'s reference lists it',
    operation: announceOperation,
    run: (client, options) => announce(client, { broadcaster_id: '1', moderator_id: '77', message: 'Hello', for_source_only: false }, options),
    as: 'app',
    reply: { status: 204 },
    method: 'POST',
    path: '/chat/announcements',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    body: { message: 'Hello', for_source_only: false },
    token: 'app',
    result: undefined,
  },
  {
    title: 'shoutout: everything in the query, no body, 204',
    operation: shoutoutOperation,
    run: (client, options) => shoutout(client, { from_broadcaster_id: '1', to_broadcaster_id: '2' }, options),
    as: '77',
    reply: { status: 204 },
    method: 'POST',
    path: '/chat/shoutouts',
    query: [['from_broadcaster_id', '1'], ['moderator_id', '77'], ['to_broadcaster_id', '2']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'send: everything in a flat body, sender_id from the token, data[0]',
    operation: sendOperation,
    run: (client, options) => send(client, { broadcaster_id: '1', message: 'Hello chat', reply_parent_message_id: 'p1' }, options),
    as: '77',
    reply: { body: { data: [{ message_id: 'm9', is_sent: true }] } },
    method: 'POST',
    path: '/chat/messages',
    query: [],
    body: { broadcaster_id: '1', message: 'Hello chat', reply_parent_message_id: 'p1', sender_id: '77' },
    token: 'user',
    result: { message_id: 'm9', is_sent: true },
  },
  {
    title: 'send: a refused message resolves with is_sent false and its drop_reason',
    operation: sendOperation,
    run: (client, options) => send(client, { broadcaster_id: '1', message: 'Hello chat', pin: true }, options),
    as: '77',
    reply: { body: { data: [{ message_id: '', is_sent: false, drop_reason: { code: 'msg_banned', message: 'You are banned.' } }] } },
    method: 'POST',
    path: '/chat/messages',
    query: [],
    body: { broadcaster_id: '1', message: 'Hello chat', pin: true, sender_id: '77' },
    token: 'user',
    result: { message_id: '', is_sent: false, drop_reason: { code: 'msg_banned', message: 'You are banned.' } },
  },
  {
    title: 'send with the app token: a bot names its sender',
    operation: sendOperation,
    run: (client, options) => send(client, { broadcaster_id: '1', sender_id: '42', message: 'beep', for_source_only: true }, options),
    as: 'app',
    reply: { body: { data: [{ message_id: 'm10', is_sent: true, drop_reason: null }] } },
    method: 'POST',
    path: '/chat/messages',
    query: [],
    body: { broadcaster_id: '1', sender_id: '42', message: 'beep', for_source_only: true },
    token: 'app',
    result: { message_id: 'm10', is_sent: true, drop_reason: null },
  },
  {
    title: 'pinnedMessage: data[0]',
    operation: pinnedMessageOperation,
    run: (client, options) => pinnedMessage(client, { broadcaster_id: '1' }, options),
    as: '77',
    reply: { body: { data: [pinned] } },
    method: 'GET',
    path: '/chat/pins',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    token: 'user',
    result: pinned,
  },
  {
    title: 'pinnedMessage: null when nothing is pinned',
    operation: pinnedMessageOperation,
    run: (client, options) => pinnedMessage(client, { broadcaster_id: '1', moderator_id: '77' }, options),
    as: 'app',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/chat/pins',
    query: [['broadcaster_id', '1'], ['moderator_id', '77']],
    token: 'app',
    result: null,
  },
  {
    title: 'pin: PUT, everything in the query, 204',
    operation: pinOperation,
    run: (client, options) => pin(client, { broadcaster_id: '1', message_id: 'm1', duration_seconds: 600 }, options),
    as: '77',
    reply: { status: 204 },
    method: 'PUT',
    path: '/chat/pins',
    query: [['broadcaster_id', '1'], ['duration_seconds', '600'], ['message_id', 'm1'], ['moderator_id', '77']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'updatePin: PATCH, everything in the query, 204',
    operation: updatePinOperation,
    run: (client, options) => updatePin(client, { broadcaster_id: '1', message_id: 'm1', duration_seconds: 30 }, options),
    as: '77',
    reply: { status: 204 },
    method: 'PATCH',
    path: '/chat/pins',
    query: [['broadcaster_id', '1'], ['duration_seconds', '30'], ['message_id', 'm1'], ['moderator_id', '77']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'unpin: DELETE, everything in the query, 204',
    operation: unpinOperation,
    run: (client, options) => unpin(client, { broadcaster_id: '1', moderator_id: '77', message_id: 'm1' }, options),
    as: 'app',
    reply: { status: 204 },
    method: 'DELETE',
    path: '/chat/pins',
    query: [['broadcaster_id', '1'], ['message_id', 'm1'], ['moderator_id', '77']],
    token: 'app',
    result: undefined,
  },
  {
    title: 'colors: repeated user_id keys, the list',
    operation: colorsOperation,
    run: (client, options) => colors(client, { user_id: ['5', '6'] }, options),
    as: 'app',
    reply: { body: { data: [{ user_id: '5', user_login: 'five', user_name: 'Five', color: '#9146FF' }, { user_id: '6', user_login: 'six', user_name: 'Six', color: '' }] } },
    method: 'GET',
    path: '/chat/color',
    query: [['user_id', '5'], ['user_id', '6']],
    token: 'app',
    result: [{ user_id: '5', user_login: 'five', user_name: 'Five', color: '#9146FF' }, { user_id: '6', user_login: 'six', user_name: 'Six', color: '' }],
  },
  {
    title: 'setColor: PUT, user_id from the token and color in the query, 204',
    operation: setColorOperation,
    run: (client, options) => setColor(client, { color: '#9146FF' }, options),
    as: '77',
    reply: { status: 204 },
    method: 'PUT',
    path: '/chat/color',
    query: [['color', '#9146FF'], ['user_id', '77']],
    token: 'user',
    result: undefined,
  },
];

/** Sorted by key; a repeated key keeps the order of its values (the sort is stable). */
const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('the wire shape of every chat operation', () => {
  it('covers the 19 operations of the spec', () => {
    const names = new Set(cases.map((row) => row.operation.name));
    expect([...names].sort()).toEqual(
      [
        'chatters', 'channelEmotes', 'globalEmotes', 'emoteSets', 'channelBadges', 'globalBadges', 'settings', 'sharedSession', 'userEmotes',
        'updateSettings', 'announce', 'shoutout', 'send', 'pinnedMessage', 'pin', 'updatePin', 'unpin', 'colors', 'setColor',
      ].map((name) => `chat.${name}`).sort(),
    );
  });

  it.each(cases)('$title', async (row) => {
    const { client, requests } = stubClient(() => row.reply);
    const result = await row.run(client, { as: row.as });
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
    expect(request!.headers.get('authorization')).toBe(row.token === 'app' ? 'Bearer app-token' : `Bearer user-token-${row.as}`);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toEqual(row.result);
  });

  it('encodes the # of a hex color in the query', async () => {
    const { client, requests } = stubClient(() => ({ status: 204 }));
    await setColor(client, { color: '#9146FF' }, { as: '77' });
    expect(requests[0]!.url.search).toContain('color=%239146FF');
  });

  it('declares every operation frozen, with the spec token kinds and scopes', () => {
    const table = [
      [chattersOperation, 'either', ['moderator:read:chatters']],
      [channelEmotesOperation, 'either', []],
      [globalEmotesOperation, 'either', []],
      [emoteSetsOperation, 'either', []],
      [channelBadgesOperation, 'either', []],
      [globalBadgesOperation, 'either', []],
      [settingsOperation, 'either', []],
      [sharedSessionOperation, 'either', []],
      [userEmotesOperation, 'user', ['user:read:emotes']],
      [updateSettingsOperation, 'either', ['moderator:manage:chat_settings']],
      [announceOperation, 'either', ['moderator:manage:announcements']],
      [shoutoutOperation, 'either', ['moderator:manage:shoutouts']],
      [sendOperation, 'either', ['user:write:chat']],
      [pinnedMessageOperation, 'either', ['moderator:manage:chat_messages', 'moderator:read:chat_messages']],
      [pinOperation, 'either', ['moderator:manage:chat_messages']],
      [updatePinOperation, 'either', ['moderator:manage:chat_messages']],
      [unpinOperation, 'either', ['moderator:manage:chat_messages']],
      [colorsOperation, 'either', []],
      [setColorOperation, 'user', ['user:manage:chat_color']],
    ] as const;
    for (const [operation, token, scopes] of table) {
      expect(Object.isFrozen(operation)).toBe(true);
      expect(operation.token, operation.name).toBe(token);
      expect([...operation.scopes], operation.name).toEqual(scopes);
    }
  });
});
