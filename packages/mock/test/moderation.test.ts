/**
 * The moderation routes of the mock over real sockets: each route's wire shape (query vs body,
 * wrapped bodies, 204s), the state transitions of SPEC.md (bans and timeouts, unban requests,
 * shield mode, suspicious users, warnings), the platform's errors and the events raised.
 * Time comes from a clock the tests move, so timeouts and limits need no waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform, type RaisedEvent } from '../src/index';

const START = Date.parse('2026-03-14T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Every scope the moderation routes ask for, so most tests only meet the check under test. */
const ALL_SCOPES = [
  'moderation:read',
  'moderator:manage:automod',
  'moderator:read:automod_settings',
  'moderator:manage:automod_settings',
  'moderator:manage:banned_users',
  'moderator:read:unban_requests',
  'moderator:manage:unban_requests',
  'moderator:read:blocked_terms',
  'moderator:manage:blocked_terms',
  'moderator:manage:chat_messages',
  'user:read:moderated_channels',
  'channel:manage:moderators',
  'channel:read:vips',
  'channel:manage:vips',
  'moderator:read:shield_mode',
  'moderator:manage:shield_mode',
  'moderator:manage:warnings',
  'moderator:manage:suspicious_users',
];

let mock: MockPlatform | undefined;
let clock = START;
let events: RaisedEvent[] = [];

afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function platform(): MockPlatform {
  if (!mock) throw new Error('setup() first');
  return mock;
}

/** A channel `streamer` with moderator `mossmod`, viewers `viewer` and `other`, and their tokens. */
async function setup(options: { broadcasterType?: '' | 'affiliate' | 'partner' } = {}) {
  clock = START;
  events = [];
  mock = await createMockPlatform({ now: () => clock });
  mock.events.on((event) => events.push(event));
  const app = mock.addClient({ clientId: 'app-1' });
  const streamer = mock.addUser({ login: 'Streamer', broadcaster_type: options.broadcasterType ?? '' });
  const mod = mock.addUser({ login: 'MossMod' });
  const viewer = mock.addUser({ login: 'viewer' });
  const other = mock.addUser({ login: 'other' });
  mock.state.channel(streamer.id).moderators.add(mod.id);
  // Tokens that never expire, so tests can move the clock by hours.
  const issue = (userId?: string, scopes: string[] = ALL_SCOPES) => platform().issueToken({ clientId: app.clientId, userId, scopes, expiresIn: null }).accessToken;
  return {
    streamer,
    mod,
    viewer,
    other,
    issue,
    tokens: { streamer: issue(streamer.id), mod: issue(mod.id), viewer: issue(viewer.id), other: issue(other.id), app: issue() },
  };
}

interface Answer {
  status: number;
  /** What JSON.parse gave: tests reach into it freely. */
  body: ReturnType<typeof JSON.parse>;
  headers: Headers;
}

/** One Helix call with `Client-Id` and `Authorization: Bearer`; repeated query keys for arrays. */
async function call(
  method: string,
  path: string,
  token: string | undefined,
  options: { query?: Record<string, string | string[] | undefined>; body?: unknown; rawBody?: string } = {},
): Promise<Answer> {
  const url = new URL(`${platform().baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const each of [value].flat()) url.searchParams.append(key, each);
  }
  const headers: Record<string, string> = { 'Client-Id': 'app-1' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

const eventsOf = (type: string) => events.filter((event) => event.type === type);
const lastEvent = (type: string) => eventsOf(type).at(-1);
const mq = (broadcasterId: string, moderatorId: string, extra: Record<string, string | string[] | undefined> = {}) => ({ broadcaster_id: broadcasterId, moderator_id: moderatorId, ...extra });

describe('checkAutoMod: POST /moderation/enforcements/status', () => {
  it('judges the messages wrapped in data: blocked terms and verdict rules are not permitted', async () => {
    const { streamer, mod, tokens } = await setup();
    expect((await call('POST', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id), body: { text: 'spoilerzone' } })).status).toBe(200);
    expect((await call('POST', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id), body: { text: 'leak*' } })).status).toBe(200);
    platform().moderation.setAutoModVerdict(streamer.id, 'clown', false);
    const answer = await call('POST', '/moderation/enforcements/status', tokens.streamer, {
      query: { broadcaster_id: streamer.id },
      body: {
        data: [
          { msg_id: 'a', msg_text: 'go check out SpoilerZone for the ending' },
          { msg_id: 'b', msg_text: 'hello chat' },
          { msg_id: 'c', msg_text: 'you are a clown' },
          { msg_id: 'd', msg_text: 'the leaked ending' },
          { msg_id: 'e', msg_text: 'spoilerzones is not the term' },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        { msg_id: 'a', is_permitted: false },
        { msg_id: 'b', is_permitted: true },
        { msg_id: 'c', is_permitted: false },
        { msg_id: 'd', is_permitted: false },
        { msg_id: 'e', is_permitted: true },
      ],
    });
    expect(platform().moderation.isPermitted(streamer.id, 'hello')).toBe(true);
  });

  it('a newer verdict rule wins and a removed rule stops applying', async () => {
    const { streamer } = await setup();
    const control = platform().moderation;
    control.setAutoModVerdict(streamer.id, /bad/i, false);
    const remove = control.setAutoModVerdict(streamer.id, 'bad but fine', true);
    expect(control.isPermitted(streamer.id, 'BAD but fine')).toBe(true);
    expect(control.isPermitted(streamer.id, 'bad')).toBe(false);
    remove();
    expect(control.isPermitted(streamer.id, 'bad but fine')).toBe(false);
  });

  it('over /mock/, a verdict answers its id, judges as the in-process rule and moderation.removeAutoModVerdict removes it', async () => {
    const { streamer } = await setup();
    const control = async (name: string, body: unknown) => {
      const response = await fetch(`http://127.0.0.1:${platform().port}/mock/moderation.${name}`, { method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, body: JSON.parse(await response.text()) };
    };
    const set = await control('setAutoModVerdict', { broadcasterId: streamer.id, match: 'clown', permitted: false });
    expect(set).toEqual({ status: 200, body: { id: expect.any(String) } });
    expect(await control('isPermitted', { broadcasterId: streamer.id, text: 'a CLOWN' })).toEqual({ status: 200, body: false });
    expect(platform().moderation.isPermitted(streamer.id, 'a CLOWN')).toBe(false);
    expect(await control('removeAutoModVerdict', { id: set.body.id })).toEqual({ status: 200, body: null });
    expect(platform().moderation.isPermitted(streamer.id, 'a CLOWN')).toBe(true);
    expect((await control('removeAutoModVerdict', { id: set.body.id })).status).toBe(400);
  });

  it.each([
    ['a flat body', { msg_id: 'a', msg_text: 'hi' }],
    ['data as an object', { data: { msg_id: 'a', msg_text: 'hi' } }],
    ['no messages', { data: [] }],
    ['101 messages', { data: Array.from({ length: 101 }, (_, index) => ({ msg_id: String(index), msg_text: 'hi' })) }],
    ['a message without text', { data: [{ msg_id: 'a' }] }],
    ['a message without ID', { data: [{ msg_text: 'hi' }] }],
  ])('%s is a 400', async (_, body) => {
    const { streamer, tokens } = await setup();
    const answer = await call('POST', '/moderation/enforcements/status', tokens.streamer, { query: { broadcaster_id: streamer.id }, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Bad Request', status: 400 });
  });

  it('needs broadcaster_id = token user (403) and moderation:read (401); an app token may check', async () => {
    const { streamer, tokens, mod, issue } = await setup();
    const body = { data: [{ msg_id: 'a', msg_text: 'hi' }] };
    expect((await call('POST', '/moderation/enforcements/status', tokens.mod, { query: { broadcaster_id: streamer.id }, body })).status).toBe(403);
    const noScope = await call('POST', '/moderation/enforcements/status', issue(streamer.id, []), { query: { broadcaster_id: streamer.id }, body });
    expect(noScope.status).toBe(401);
    expect(noScope.body.message).toBe('Missing scope: moderation:read');
    expect((await call('POST', '/moderation/enforcements/status', tokens.streamer, { body })).status).toBe(400);
    expect((await call('POST', '/moderation/enforcements/status', tokens.app, { query: { broadcaster_id: streamer.id }, body })).status).toBe(200);
    expect(mod.id).toBeDefined();
  });

  it('limits checks per channel: 5 a minute for a regular account, with the token budget left', async () => {
    const { streamer, tokens } = await setup();
    const check = () => call('POST', '/moderation/enforcements/status', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { data: [{ msg_id: 'a', msg_text: 'hi' }] } });
    for (let index = 0; index < 5; index++) expect((await check()).status).toBe(200);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Ratelimit-Remaining'))).toBeGreaterThan(0);
    clock += 60_000;
    expect((await check()).status).toBe(200);
  });

  it('a partner channel gets 30 checks a minute', async () => {
    const { streamer, tokens } = await setup({ broadcasterType: 'partner' });
    const check = () => call('POST', '/moderation/enforcements/status', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { data: [{ msg_id: 'a', msg_text: 'hi' }] } });
    const statuses = await Promise.all(Array.from({ length: 31 }, () => check().then((answer) => answer.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});

describe('held AutoMod messages: POST /moderation/automod/message', () => {
  it('holdMessage raises the hold events; ALLOW answers 204, delivers the message and raises the updates', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const msgId = platform().moderation.holdMessage(streamer.id, viewer.id, 'you are all clowns lol');
    expect(lastEvent('automod.message.hold')).toEqual({
      type: 'automod.message.hold',
      version: '2',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        message_id: msgId,
        message: { text: 'you are all clowns lol', fragments: [{ type: 'text', text: 'you are all clowns lol', cheermote: null, emote: null }] },
        reason: 'automod',
        automod: { category: 'bullying', level: 3, boundaries: [{ start_pos: 0, end_pos: 21 }] },
        blocked_term: null,
        held_at: iso(START),
      },
    });
    expect(lastEvent('channel.chat.user_message_hold')).toMatchObject({ condition: { broadcaster_user_id: streamer.id, user_id: viewer.id }, event: { message_id: msgId } });

    const answer = await call('POST', '/moderation/automod/message', tokens.mod, { body: { user_id: mod.id, msg_id: msgId, action: 'ALLOW' } });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect(platform().moderation.heldMessage(msgId)).toMatchObject({ status: 'approved', moderator_id: mod.id });
    expect(platform().state.channel(streamer.id).messages).toContainEqual(expect.objectContaining({ message_id: msgId, sender_id: viewer.id, deleted: false }));
    expect(lastEvent('automod.message.update')).toMatchObject({
      version: '2',
      event: { message_id: msgId, status: 'approved', moderator_user_id: mod.id, moderator_user_login: 'mossmod', reason: 'automod', held_at: iso(START) },
    });
    expect(lastEvent('channel.chat.user_message_update')).toMatchObject({ event: { status: 'approved', message_id: msgId } });

    const again = await call('POST', '/moderation/automod/message', tokens.mod, { body: { user_id: mod.id, msg_id: msgId, action: 'DENY' } });
    expect(again.status).toBe(400);
  });

  it('a message with a blocked term is held for that term; DENY discards it', async () => {
    const { streamer, viewer, tokens } = await setup();
    const added = await call('POST', '/moderation/blocked_terms', tokens.streamer, { query: mq(streamer.id, streamer.id), body: { text: 'spoilerzone' } });
    const msgId = platform().moderation.holdMessage(streamer.id, viewer.id, 'go check out spoilerzone for the ending');
    expect(lastEvent('automod.message.hold')!.event).toMatchObject({
      reason: 'blocked_term',
      automod: null,
      blocked_term: {
        terms_found: [{ term_id: added.body.data[0].id, owner_broadcaster_user_id: streamer.id, owner_broadcaster_user_login: 'streamer', boundary: { start_pos: 13, end_pos: 23 } }],
      },
    });
    expect((await call('POST', '/moderation/automod/message', tokens.streamer, { body: { user_id: streamer.id, msg_id: msgId, action: 'DENY' } })).status).toBe(204);
    expect(platform().moderation.heldMessage(msgId)!.status).toBe('denied');
    expect(platform().state.channel(streamer.id).messages).toHaveLength(0);
    expect(lastEvent('automod.message.update')!.event).toMatchObject({ status: 'denied', reason: 'blocked_term' });
  });

  it('raises hold and update in version 1 and version 2, each in its own shape (issue 15)', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const msgId = platform().moderation.holdMessage(streamer.id, viewer.id, 'you are all clowns lol', { category: 'aggression', level: 2 });
    const message = { text: 'you are all clowns lol', fragments: [{ type: 'text', text: 'you are all clowns lol', cheermote: null, emote: null }] };
    const who = { broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' };
    const holds = eventsOf('automod.message.hold');
    expect(holds.map((event) => event.version)).toEqual(['1', '2']);
    expect(holds[0]).toEqual({
      type: 'automod.message.hold',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { ...who, message_id: msgId, message, category: 'aggression', level: 2, held_at: iso(START) },
    });
    expect(holds[1]!.event).toEqual({
      ...who,
      message_id: msgId,
      message,
      reason: 'automod',
      automod: { category: 'aggression', level: 2, boundaries: [{ start_pos: 0, end_pos: 21 }] },
      blocked_term: null,
      held_at: iso(START),
    });

    expect((await call('POST', '/moderation/automod/message', tokens.mod, { body: { user_id: mod.id, msg_id: msgId, action: 'DENY' } })).status).toBe(204);
    const updates = eventsOf('automod.message.update');
    expect(updates.map((event) => event.version)).toEqual(['1', '2']);
    const moderator = { moderator_user_id: mod.id, moderator_user_login: 'mossmod', moderator_user_name: 'MossMod' };
    expect(updates[0]!.event).toEqual({ ...who, ...moderator, message_id: msgId, message, category: 'aggression', level: 2, status: 'denied', held_at: iso(START) });
    expect(updates[1]!.event).toMatchObject({ ...moderator, reason: 'automod', automod: { category: 'aggression' }, blocked_term: null, status: 'denied' });
    expect(updates[1]!.event).not.toHaveProperty('category');
  });

  it('checks the acting moderator, the body shape and the message', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const msgId = platform().moderation.holdMessage(streamer.id, viewer.id, 'hmm');
    const send = (token: string, body: unknown) => call('POST', '/moderation/automod/message', token, { body });
    expect((await send(tokens.mod, { user_id: streamer.id, msg_id: msgId, action: 'ALLOW' })).status).toBe(401);
    expect((await send(tokens.mod, { data: { user_id: mod.id, msg_id: msgId, action: 'ALLOW' } })).status).toBe(400);
    expect((await send(tokens.mod, { user_id: mod.id, msg_id: msgId, action: 'MAYBE' })).status).toBe(400);
    expect((await send(tokens.mod, { user_id: mod.id, msg_id: msgId })).status).toBe(400);
    expect((await send(tokens.mod, { user_id: mod.id, msg_id: 'nope', action: 'ALLOW' })).status).toBe(404);
    expect((await send(tokens.viewer, { user_id: viewer.id, msg_id: msgId, action: 'ALLOW' })).status).toBe(403);
    // An app token acts for the user in user_id, who must moderate the channel.
    expect((await send(tokens.app, { user_id: viewer.id, msg_id: msgId, action: 'ALLOW' })).status).toBe(403);
    expect((await send(tokens.app, { user_id: mod.id, msg_id: msgId, action: 'ALLOW' })).status).toBe(204);
  });
});

describe('AutoMod settings: GET/PUT /moderation/automod/settings', () => {
  const zero = { disability: 0, aggression: 0, sexuality_sex_or_gender: 0, misogyny: 0, bullying: 0, swearing: 0, race_ethnicity_or_religion: 0, sex_based_terms: 0 };

  it('reads the settings in data[0], with the asking moderator', async () => {
    const { streamer, mod, tokens } = await setup();
    const answer = await call('GET', '/moderation/automod/settings', tokens.mod, { query: mq(streamer.id, mod.id) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [{ broadcaster_id: streamer.id, moderator_id: mod.id, overall_level: 0, ...zero }] });
  });

  it('PUT overall_level derives the categories; PUT categories overwrites: the rest go to 0, overall_level null', async () => {
    const { streamer, mod, tokens } = await setup();
    const put = (body: unknown) => call('PUT', '/moderation/automod/settings', tokens.mod, { query: mq(streamer.id, mod.id), body });
    const overall = await put({ overall_level: 3 });
    expect(overall.status).toBe(200);
    expect(overall.body.data).toEqual([
      { broadcaster_id: streamer.id, moderator_id: mod.id, overall_level: 3, disability: 3, aggression: 3, sexuality_sex_or_gender: 3, misogyny: 3, bullying: 2, swearing: 0, race_ethnicity_or_religion: 3, sex_based_terms: 3 },
    ]);
    expect(lastEvent('automod.settings.update')).toEqual({
      type: 'automod.settings.update',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        overall_level: 3,
        disability: 3,
        aggression: 3,
        sexuality_sex_or_gender: 3,
        misogyny: 3,
        bullying: 2,
        swearing: 0,
        race_ethnicity_or_religion: 3,
        sex_based_terms: 3,
      },
    });
    const single = await put({ swearing: 2 });
    expect(single.body.data[0]).toEqual({ broadcaster_id: streamer.id, moderator_id: mod.id, ...zero, overall_level: null, swearing: 2 });
    const read = await call('GET', '/moderation/automod/settings', tokens.streamer, { query: mq(streamer.id, streamer.id) });
    expect(read.body.data[0]).toMatchObject({ overall_level: null, swearing: 2, aggression: 0, moderator_id: streamer.id });
  });

  it.each([
    ['overall_level with a category', { overall_level: 2, swearing: 1 }],
    ['a level above 4', { overall_level: 5 }],
    ['a category that is not a number', { bullying: 'high' }],
    ['nothing to set', {}],
  ])('%s is a 400', async (_, body) => {
    const { streamer, mod, tokens } = await setup();
    expect((await call('PUT', '/moderation/automod/settings', tokens.mod, { query: mq(streamer.id, mod.id), body })).status).toBe(400);
    expect(eventsOf('automod.settings.update')).toHaveLength(0);
  });

  it('moderator_id: missing 400, not the token user 401, not a moderator 403; an app token names a moderator', async () => {
    const { streamer, mod, viewer, tokens, issue } = await setup();
    const get = (token: string, query: Record<string, string>) => call('GET', '/moderation/automod/settings', token, { query });
    expect((await get(tokens.mod, { broadcaster_id: streamer.id })).status).toBe(400);
    const mismatch = await get(tokens.mod, mq(streamer.id, streamer.id));
    expect(mismatch.status).toBe(401);
    expect(mismatch.body.message).toBe("The ID in moderator_id must match the user ID found in the request's OAuth token.");
    expect((await get(tokens.viewer, mq(streamer.id, viewer.id))).status).toBe(403);
    expect((await get(issue(mod.id, ['moderator:manage:automod_settings']), mq(streamer.id, mod.id))).status).toBe(200);
    expect((await get(issue(mod.id, ['moderator:manage:automod']), mq(streamer.id, mod.id))).status).toBe(401);
    expect((await get(tokens.app, { broadcaster_id: streamer.id })).status).toBe(400);
    expect((await get(tokens.app, mq(streamer.id, viewer.id))).status).toBe(403);
    expect((await get(tokens.app, mq(streamer.id, mod.id))).status).toBe(200);
  });
});

describe('bans: POST/DELETE /moderation/bans, GET /moderation/banned', () => {
  const ban = (token: string, broadcasterId: string, moderatorId: string, data: Record<string, unknown>) =>
    call('POST', '/moderation/bans', token, { query: mq(broadcasterId, moderatorId), body: { data } });

  it('a permanent ban: end_time null, listed with expires_at "", events, and the user\'s messages hidden', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    platform().state.channel(streamer.id).messages.push({ message_id: 'm1', broadcaster_id: streamer.id, sender_id: viewer.id, text: 'spam', sent_at: START, deleted: false });
    const answer = await ban(tokens.mod, streamer.id, mod.id, { user_id: viewer.id, reason: 'spam' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [{ broadcaster_id: streamer.id, moderator_id: mod.id, user_id: viewer.id, created_at: iso(START), end_time: null }] });
    const listed = await call('GET', '/moderation/banned', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(listed.body).toEqual({
      data: [
        {
          user_id: viewer.id,
          user_login: 'viewer',
          user_name: 'viewer',
          expires_at: '',
          created_at: iso(START),
          reason: 'spam',
          moderator_id: mod.id,
          moderator_login: 'mossmod',
          moderator_name: 'MossMod',
        },
      ],
      pagination: {},
    });
    expect(lastEvent('channel.ban')).toEqual({
      type: 'channel.ban',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        reason: 'spam',
        banned_at: iso(START),
        ends_at: null,
        is_permanent: true,
      },
    });
    const moderate = lastEvent('channel.moderate')!;
    expect(moderate.version).toBe('2');
    expect(moderate.event).toMatchObject({ action: 'ban', moderator_user_id: mod.id, ban: { user_id: viewer.id, user_login: 'viewer', user_name: 'viewer', reason: 'spam' }, timeout: null, warn: null });
    // A subscriber may hold either version of channel.moderate: version 1 gets the same action, without the warn field.
    const [v1, v2] = eventsOf('channel.moderate');
    expect(v1!.version).toBe('1');
    expect(v1!.event).toEqual(Object.fromEntries(Object.entries(v2!.event as Record<string, unknown>).filter(([key]) => key !== 'warn')));
    expect(lastEvent('channel.chat.clear_user_messages')!.event).toMatchObject({ target_user_id: viewer.id });
    expect(platform().state.channel(streamer.id).messages[0]!.deleted).toBe(true);
  });

  it('a timeout ends with the clock; a timed-out user can be timed out again or banned; a banned user cannot be timed out', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    const timeout = await ban(tokens.mod, streamer.id, mod.id, { user_id: viewer.id, duration: 600 });
    expect(timeout.body.data[0]).toMatchObject({ end_time: iso(START + 600_000) });
    expect(lastEvent('channel.ban')!.event).toMatchObject({ is_permanent: false, ends_at: iso(START + 600_000), reason: '' });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'timeout', ban: null, timeout: { user_id: viewer.id, reason: '', expires_at: iso(START + 600_000) } });
    const listed = await call('GET', '/moderation/banned', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(listed.body.data[0]).toMatchObject({ user_id: viewer.id, expires_at: iso(START + 600_000), reason: '' });

    clock += 600_000;
    expect((await call('GET', '/moderation/banned', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body.data).toEqual([]);
    expect((await call('DELETE', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id, { user_id: viewer.id }) })).status).toBe(400);

    // Timed out again, then a longer timeout, then a permanent ban over the timeout.
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id, duration: 60 })).status).toBe(200);
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id, duration: 120 })).body.data[0].end_time).toBe(iso(clock + 120_000));
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id, reason: 'for good' })).body.data[0].end_time).toBeNull();
    const banned = await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id, duration: 60 });
    expect(banned.status).toBe(400);
    expect(banned.body.message).toBe('The user specified in the user_id field is already banned.');
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id })).status).toBe(400);
    clock += 3_600_000;
    expect(platform().state.activeBan(streamer.id, other.id)).toMatchObject({ reason: 'for good', ends_at: undefined });
  });

  it('unban answers 204 and raises channel.unban; a second unban is a 400', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    await ban(tokens.mod, streamer.id, mod.id, { user_id: viewer.id, duration: 30 });
    const unban = await call('DELETE', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id, { user_id: viewer.id }) });
    expect(unban.status).toBe(204);
    expect(unban.body).toBeUndefined();
    expect(platform().state.activeBan(streamer.id, viewer.id)).toBeUndefined();
    expect(lastEvent('channel.unban')).toEqual({
      type: 'channel.unban',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
      },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'untimeout', untimeout: { user_id: viewer.id } });
    const again = await call('DELETE', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id, { user_id: viewer.id }) });
    expect(again.status).toBe(400);
    expect((await call('DELETE', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id) })).status).toBe(400);
  });

  it('the body must be wrapped in data as an object, with valid duration and reason', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const post = (body: unknown) => call('POST', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id), body });
    for (const body of [
      { user_id: viewer.id },
      { data: [{ user_id: viewer.id }] },
      { data: {} },
      { data: { user_id: viewer.id, duration: 0 } },
      { data: { user_id: viewer.id, duration: 1_209_601 } },
      { data: { user_id: viewer.id, duration: 1.5 } },
      { data: { user_id: viewer.id, duration: '60' } },
      { data: { user_id: viewer.id, reason: 'x'.repeat(501) } },
      { data: { user_id: 'no-such-user' } },
    ]) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(eventsOf('channel.ban')).toHaveLength(0);
    expect((await post({ data: { user_id: viewer.id, duration: 1_209_600, reason: 'x'.repeat(500) } })).status).toBe(200);
  });

  it('nobody bans the broadcaster; only the broadcaster acts against a moderator, and a ban drops their roles', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    platform().state.channel(streamer.id).moderators.add(other.id);
    platform().state.channel(streamer.id).vips.add(viewer.id);
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: streamer.id })).status).toBe(400);
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: other.id })).status).toBe(400);
    expect((await ban(tokens.streamer, streamer.id, streamer.id, { user_id: other.id })).status).toBe(200);
    expect(platform().state.channel(streamer.id).moderators.has(other.id)).toBe(false);
    expect(lastEvent('channel.moderator.remove')!.event).toMatchObject({ user_id: other.id });
    expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: viewer.id })).status).toBe(200);
    expect(platform().state.channel(streamer.id).vips.has(viewer.id)).toBe(false);
    expect(lastEvent('channel.vip.remove')!.event).toMatchObject({ user_id: viewer.id });
  });

  it('token rules: moderator_id = token user, a moderator, the scope; an app token must name a moderator', async () => {
    const { streamer, mod, viewer, other, tokens, issue } = await setup();
    expect((await ban(tokens.mod, streamer.id, streamer.id, { user_id: viewer.id })).status).toBe(401);
    expect((await ban(tokens.other, streamer.id, other.id, { user_id: viewer.id })).status).toBe(403);
    expect((await ban(issue(mod.id, ['moderation:read']), streamer.id, mod.id, { user_id: viewer.id })).status).toBe(401);
    expect((await call('POST', '/moderation/bans', tokens.app, { query: { broadcaster_id: streamer.id }, body: { data: { user_id: viewer.id } } })).status).toBe(400);
    expect((await ban(tokens.app, streamer.id, other.id, { user_id: viewer.id })).status).toBe(403);
    expect((await ban(tokens.app, streamer.id, mod.id, { user_id: viewer.id })).status).toBe(200);
    expect((await call('POST', '/moderation/bans', undefined, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id } } })).status).toBe(401);
  });

  it('GET /moderation/banned pages newest first with first/after/before and filters by user_id', async () => {
    const { streamer, mod, tokens } = await setup();
    const users = Array.from({ length: 25 }, (_, index) => platform().addUser({ login: `spammer${index}` }));
    for (const user of users) {
      clock += 1000;
      expect((await ban(tokens.mod, streamer.id, mod.id, { user_id: user.id })).status).toBe(200);
    }
    const list = (query: Record<string, string | string[]>) => call('GET', '/moderation/banned', tokens.streamer, { query: { broadcaster_id: streamer.id, ...query } });
    const first = await list({});
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].user_id).toBe(users[24]!.id);
    const cursor = first.body.pagination.cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await list({ after: cursor });
    expect(second.body.data.map((row: { user_id: string }) => row.user_id)).toEqual(users.slice(0, 5).reverse().map((user) => user.id));
    expect(second.body.pagination).toEqual({});
    const small = await list({ first: '5' });
    expect(small.body.data).toHaveLength(5);
    const back = await list({ first: '5', before: (await list({ first: '5', after: small.body.pagination.cursor })).body.pagination.cursor });
    expect(back.body.data[0].user_id).toBe(users[19]!.id);
    const filtered = await list({ user_id: [users[3]!.id, users[7]!.id, 'unknown'] });
    expect(filtered.body.data.map((row: { user_id: string }) => row.user_id)).toEqual([users[7]!.id, users[3]!.id]);
    expect((await list({ first: '101' })).status).toBe(400);
    expect((await list({ first: '0' })).status).toBe(400);
    expect((await list({ user_id: Array.from({ length: 101 }, (_, index) => String(index)) })).status).toBe(400);
    expect((await list({ after: 'garbage!' })).status).toBe(400);
    expect((await call('GET', '/moderation/banned', tokens.mod, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    expect((await call('GET', '/moderation/banned', tokens.app, { query: { broadcaster_id: streamer.id } })).body.data).toHaveLength(20);
  });
});

describe('unban requests: GET/PATCH /moderation/unban_requests', () => {
  it('an approved request unbans the user, with resolution_text from the query', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const control = platform().moderation;
    expect(() => control.createUnbanRequest(streamer.id, viewer.id, 'sorry')).toThrow(/not banned/);
    await call('POST', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id } } });
    clock += 1000;
    const created = control.createUnbanRequest(streamer.id, viewer.id, 'Sorry about the links');
    expect(() => control.createUnbanRequest(streamer.id, viewer.id, 'again')).toThrow(/pending/);
    expect(lastEvent('channel.unban_request.create')).toMatchObject({
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { id: created.id, broadcaster_user_id: streamer.id, user_id: viewer.id, user_login: 'viewer', text: 'Sorry about the links', created_at: iso(START + 1000) },
    });

    const pending = await call('GET', '/moderation/unban_requests', tokens.mod, { query: mq(streamer.id, mod.id, { status: 'pending' }) });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      data: [
        {
          id: created.id,
          broadcaster_id: streamer.id,
          broadcaster_login: 'streamer',
          broadcaster_name: 'Streamer',
          moderator_id: '',
          moderator_login: '',
          moderator_name: '',
          user_id: viewer.id,
          user_login: 'viewer',
          user_name: 'viewer',
          text: 'Sorry about the links',
          status: 'pending',
          created_at: iso(START + 1000),
          resolved_at: null,
          resolution_text: null,
        },
      ],
      pagination: {},
    });

    clock += 1000;
    const resolved = await call('PATCH', '/moderation/unban_requests', tokens.mod, {
      query: mq(streamer.id, mod.id, { unban_request_id: created.id, status: 'approved', resolution_text: 'Welcome back & behave' }),
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toEqual([
      expect.objectContaining({ id: created.id, status: 'approved', moderator_id: mod.id, moderator_login: 'mossmod', resolved_at: iso(START + 2000), resolution_text: 'Welcome back & behave' }),
    ]);
    expect(platform().state.activeBan(streamer.id, viewer.id)).toBeUndefined();
    expect(lastEvent('channel.unban')!.event).toMatchObject({ user_id: viewer.id, moderator_user_id: mod.id });
    expect(lastEvent('channel.unban_request.resolve')).toEqual({
      type: 'channel.unban_request.resolve',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        id: created.id,
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        resolution_text: 'Welcome back & behave',
        status: 'approved',
      },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'approve_unban_request', unban_request: { is_approved: true, user_id: viewer.id, moderator_message: 'Welcome back & behave' } });
    expect((await call('GET', '/moderation/unban_requests', tokens.mod, { query: mq(streamer.id, mod.id, { status: 'pending' }) })).body.data).toEqual([]);
    expect((await call('GET', '/moderation/unban_requests', tokens.mod, { query: mq(streamer.id, mod.id, { status: 'approved', user_id: viewer.id }) })).body.data).toHaveLength(1);
    const twice = await call('PATCH', '/moderation/unban_requests', tokens.mod, { query: mq(streamer.id, mod.id, { unban_request_id: created.id, status: 'denied' }) });
    expect(twice.status).toBe(400);
  });

  it('a denied request keeps the ban; a canceled one is listed as canceled', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    for (const user of [viewer, other]) await call('POST', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: user.id } } });
    const first = platform().moderation.createUnbanRequest(streamer.id, viewer.id, 'please');
    const second = platform().moderation.createUnbanRequest(streamer.id, other.id, 'please');
    const denied = await call('PATCH', '/moderation/unban_requests', tokens.streamer, { query: mq(streamer.id, streamer.id, { unban_request_id: first.id, status: 'denied' }) });
    expect(denied.body.data[0]).toMatchObject({ status: 'denied', resolution_text: '' });
    expect(platform().state.activeBan(streamer.id, viewer.id)).toBeDefined();
    platform().moderation.cancelUnbanRequest(second.id);
    expect(lastEvent('channel.unban_request.resolve')!.event).toMatchObject({ id: second.id, status: 'canceled', moderator_user_id: null });
    const canceled = await call('GET', '/moderation/unban_requests', tokens.mod, { query: mq(streamer.id, mod.id, { status: 'canceled' }) });
    expect(canceled.body.data.map((row: { id: string }) => row.id)).toEqual([second.id]);
  });

  it('status is required and checked; unknown IDs are 404; long texts 400; user tokens only', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    await call('POST', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id } } });
    const request = platform().moderation.createUnbanRequest(streamer.id, viewer.id, 'please');
    const list = (query: Record<string, string>, token = tokens.mod) => call('GET', '/moderation/unban_requests', token, { query: { ...mq(streamer.id, mod.id), ...query } });
    const missing = await list({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing required parameter "status"');
    expect((await list({ status: 'open' })).status).toBe(400);
    expect((await list({ status: 'pending' }, tokens.app)).status).toBe(401);
    const patch = (query: Record<string, string>) => call('PATCH', '/moderation/unban_requests', tokens.mod, { query: { ...mq(streamer.id, mod.id), ...query } });
    expect((await patch({ unban_request_id: 'nope', status: 'approved' })).status).toBe(404);
    expect((await patch({ unban_request_id: request.id, status: 'canceled' })).status).toBe(400);
    expect((await patch({ unban_request_id: request.id })).status).toBe(400);
    expect((await patch({ unban_request_id: request.id, status: 'approved', resolution_text: 'x'.repeat(501) })).status).toBe(400);
    expect(platform().state.activeBan(streamer.id, viewer.id)).toBeDefined();
  });
});

describe('blocked terms: GET/POST/DELETE /moderation/blocked_terms', () => {
  it('adds from a flat body, returns the existing term for a duplicate, lists newest first in pages, removes with 204', async () => {
    const { streamer, mod, tokens } = await setup();
    const add = (text: string) => call('POST', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id), body: { text } });
    const first = await add('spoilerzone');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: [{ broadcaster_id: streamer.id, moderator_id: mod.id, id: expect.any(String), text: 'spoilerzone', created_at: iso(START), updated_at: iso(START), expires_at: null }],
    });
    expect(lastEvent('automod.terms.update')).toMatchObject({
      version: '1',
      event: { broadcaster_user_id: streamer.id, moderator_user_id: mod.id, action: 'add_blocked', from_automod: false, terms: ['spoilerzone'] },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'add_blocked_term', automod_terms: { action: 'add', list: 'blocked', terms: ['spoilerzone'], from_automod: false } });
    clock += 1000;
    const duplicate = await add('SpoilerZone');
    expect(duplicate.body.data[0].id).toBe(first.body.data[0].id);
    expect(eventsOf('automod.terms.update')).toHaveLength(1);
    for (const text of ['two', 'three']) {
      clock += 1000;
      await add(text);
    }
    const list = (query: Record<string, string> = {}) => call('GET', '/moderation/blocked_terms', tokens.mod, { query: { ...mq(streamer.id, mod.id), ...query } });
    expect((await list()).body.data.map((term: { text: string }) => term.text)).toEqual(['three', 'two', 'spoilerzone']);
    const page1 = await list({ first: '2' });
    expect(page1.body.data).toHaveLength(2);
    const page2 = await list({ first: '2', after: page1.body.pagination.cursor });
    expect(page2.body.data.map((term: { text: string }) => term.text)).toEqual(['spoilerzone']);
    expect(page2.body.pagination).toEqual({});
    expect((await list({ first: '101' })).status).toBe(400);

    const removed = await call('DELETE', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id, { id: first.body.data[0].id }) });
    expect(removed.status).toBe(204);
    expect(lastEvent('automod.terms.update')!.event).toMatchObject({ action: 'remove_blocked', terms: ['spoilerzone'] });
    expect((await call('DELETE', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id, { id: 'unknown' }) })).status).toBe(204);
    expect((await call('DELETE', '/moderation/blocked_terms', tokens.mod, { query: mq(streamer.id, mod.id) })).status).toBe(400);
    expect((await list()).body.data).toHaveLength(2);
  });

  it('text is 2 to 500 characters in a flat body', async () => {
    const { streamer, mod, tokens, viewer } = await setup();
    const add = (body: unknown, token = tokens.mod, moderatorId = mod.id) => call('POST', '/moderation/blocked_terms', token, { query: mq(streamer.id, moderatorId), body });
    expect((await add({ text: 'a' })).status).toBe(400);
    expect((await add({ text: 'a'.repeat(501) })).status).toBe(400);
    expect((await add({ data: { text: 'wrapped' } })).status).toBe(400);
    expect((await add({ text: 42 })).status).toBe(400);
    expect((await add({ text: 'ab' })).status).toBe(200);
    expect((await add({ text: 'a'.repeat(500) })).status).toBe(200);
    // Two characters of wildcards only: stored, but it must not block every message.
    expect((await add({ text: '**' })).status).toBe(200);
    expect(platform().moderation.isPermitted(streamer.id, 'hello there')).toBe(true);
    expect((await add({ text: 'viewer term' }, tokens.viewer, viewer.id)).status).toBe(403);
  });
});

describe('deleteMessages: DELETE /moderation/chat', () => {
  it('deletes one message under 6 hours old, not from the broadcaster or a moderator; without message_id clears the chat', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const messages = platform().state.channel(streamer.id).messages;
    const push = (messageId: string, senderId: string, sentAt = START) => messages.push({ message_id: messageId, broadcaster_id: streamer.id, sender_id: senderId, text: `text of ${messageId}`, sent_at: sentAt, deleted: false });
    push('old', viewer.id);
    clock += 3 * 3_600_000;
    push('v1', viewer.id, clock);
    push('v2', viewer.id, clock);
    push('m1', mod.id, clock);
    push('b1', streamer.id, clock);
    const remove = (messageId?: string) => call('DELETE', '/moderation/chat', tokens.mod, { query: mq(streamer.id, mod.id, { message_id: messageId }) });

    const deleted = await remove('v1');
    expect(deleted.status).toBe(204);
    expect(messages.find((message) => message.message_id === 'v1')!.deleted).toBe(true);
    expect(lastEvent('channel.chat.message_delete')).toEqual({
      type: 'channel.chat.message_delete',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', target_user_id: viewer.id, target_user_login: 'viewer', target_user_name: 'viewer', message_id: 'v1' },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'delete', delete: { user_id: viewer.id, message_id: 'v1', message_body: 'text of v1' } });
    expect((await remove('v1')).status).toBe(404);
    expect((await remove('nope')).status).toBe(404);
    expect((await remove('m1')).status).toBe(400);
    expect((await remove('b1')).status).toBe(400);
    clock += 3 * 3_600_000;
    expect((await remove('old')).status).toBe(400);
    expect((await call('DELETE', '/moderation/chat', tokens.viewer, { query: mq(streamer.id, viewer.id, { message_id: 'v2' }) })).status).toBe(403);
    expect((await remove('')).status).toBe(400);
    expect(messages.find((message) => message.message_id === 'v2')!.deleted).toBe(false);

    expect((await remove()).status).toBe(204);
    expect(messages.every((message) => message.deleted)).toBe(true);
    expect(lastEvent('channel.chat.clear')!.event).toEqual({ broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer' });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'clear', delete: null });
  });
});

describe('moderators: GET /moderation/channels, GET/POST/DELETE /moderation/moderators', () => {
  it('moderatedChannels lists the channels where user_id (the token user) moderates', async () => {
    const { streamer, mod, other, tokens } = await setup();
    platform().state.channel(other.id).moderators.add(mod.id);
    const answer = await call('GET', '/moderation/channels', tokens.mod, { query: { user_id: mod.id } });
    expect(answer.body).toEqual({
      data: [
        { broadcaster_id: other.id, broadcaster_login: 'other', broadcaster_name: 'other' },
        { broadcaster_id: streamer.id, broadcaster_login: 'streamer', broadcaster_name: 'Streamer' },
      ],
      pagination: {},
    });
    expect((await call('GET', '/moderation/channels', tokens.mod, { query: { user_id: mod.id, first: '1' } })).body.pagination.cursor).toEqual(expect.any(String));
    expect((await call('GET', '/moderation/channels', tokens.mod, { query: { user_id: other.id } })).status).toBe(401);
    expect((await call('GET', '/moderation/channels', tokens.app, { query: { user_id: mod.id } })).status).toBe(401);
    expect((await call('GET', '/moderation/channels', tokens.mod)).status).toBe(400);
  });

  it('adds and removes moderators with 204s and events; a VIP must lose VIP first (422)', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    const edit = (method: string, userId: string) => call(method, '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: userId } });
    const added = await edit('POST', viewer.id);
    expect(added.status).toBe(204);
    expect(lastEvent('channel.moderator.add')).toEqual({
      type: 'channel.moderator.add',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'mod', mod: { user_id: viewer.id } });
    const list = await call('GET', '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(list.body).toEqual({
      data: [
        { user_id: mod.id, user_login: 'mossmod', user_name: 'MossMod' },
        { user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' },
      ],
      pagination: {},
    });
    const filtered = await call('GET', '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: [viewer.id, other.id] } });
    expect(filtered.body.data).toEqual([{ user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' }]);
    expect((await edit('POST', viewer.id)).status).toBe(400);

    platform().state.channel(streamer.id).vips.add(other.id);
    const vip = await edit('POST', other.id);
    expect(vip.status).toBe(422);
    expect(vip.body).toMatchObject({ error: 'Unprocessable Entity', status: 422 });

    const removed = await edit('DELETE', viewer.id);
    expect(removed.status).toBe(204);
    expect(lastEvent('channel.moderator.remove')!.event).toMatchObject({ user_id: viewer.id });
    expect((await edit('DELETE', viewer.id)).status).toBe(400);
    await call('POST', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id } } });
    expect((await edit('POST', viewer.id)).status).toBe(400);
    expect((await edit('POST', 'no-such-user')).status).toBe(400);
  });

  it('broadcaster_id must be the token user, with the right scope', async () => {
    const { streamer, mod, viewer, tokens, issue } = await setup();
    expect((await call('GET', '/moderation/moderators', tokens.mod, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    expect((await call('POST', '/moderation/moderators', tokens.mod, { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).status).toBe(401);
    expect((await call('GET', '/moderation/moderators', issue(streamer.id, ['moderation:read']), { query: { broadcaster_id: streamer.id } })).status).toBe(200);
    expect((await call('POST', '/moderation/moderators', issue(streamer.id, ['moderation:read']), { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).status).toBe(401);
    expect((await call('POST', '/moderation/moderators', tokens.app, { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).status).toBe(401);
    expect((await call('POST', '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id } })).status).toBe(400);
    expect(mod.id).toBeDefined();
  });

  it('allows 10 moderator additions per 10 seconds per channel, then 429', async () => {
    const { streamer, viewer, tokens } = await setup();
    const add = () => call('POST', '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: viewer.id } });
    expect((await add()).status).toBe(204);
    for (let index = 0; index < 9; index++) expect((await add()).status).toBe(400);
    const limited = await add();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Ratelimit-Remaining'))).toBeGreaterThan(0);
    // Removals have their own budget.
    expect((await call('DELETE', '/moderation/moderators', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).status).toBe(204);
    clock += 10_000;
    expect((await add()).status).toBe(204);
  });
});

describe('VIPs: GET/POST/DELETE /channels/vips', () => {
  it('adds a VIP (204, event), refuses moderators and VIPs (422) and a full channel (409)', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    const add = (userId: string) => call('POST', '/channels/vips', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: userId } });
    expect((await add(viewer.id)).status).toBe(204);
    expect(lastEvent('channel.vip.add')).toEqual({
      type: 'channel.vip.add',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { user_id: viewer.id, user_login: 'viewer', user_name: 'viewer', broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer' },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'vip', vip: { user_id: viewer.id } });
    const list = await call('GET', '/channels/vips', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(list.body).toEqual({ data: [{ user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' }], pagination: {} });
    expect((await call('GET', '/channels/vips', tokens.streamer, { query: { broadcaster_id: streamer.id, user_id: other.id } })).body.data).toEqual([]);
    expect((await add(viewer.id)).status).toBe(422);
    expect((await add(mod.id)).status).toBe(422);
    platform().state.channel(streamer.id).vipSlots = 1;
    const full = await add(other.id);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'Conflict', status: 409 });
    platform().state.channel(streamer.id).vipSlots = 10;
    platform().moderation.setVipRequirementMet(streamer.id, false);
    expect((await add(other.id)).status).toBe(425);
    platform().moderation.setVipRequirementMet(streamer.id, true);
    expect((await add(other.id)).status).toBe(204);
    expect((await call('GET', '/channels/vips', tokens.mod, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
  });

  it('removeVip: by the broadcaster or by the VIP themself; anyone else 401; not a VIP 422', async () => {
    const { streamer, viewer, other, tokens } = await setup();
    const vips = platform().state.channel(streamer.id).vips;
    vips.add(viewer.id);
    vips.add(other.id);
    const remove = (token: string, userId: string) => call('DELETE', '/channels/vips', token, { query: { broadcaster_id: streamer.id, user_id: userId } });
    expect((await remove(tokens.other, viewer.id)).status).toBe(401);
    expect((await remove(tokens.viewer, viewer.id)).status).toBe(204);
    expect(lastEvent('channel.vip.remove')!.event).toMatchObject({ user_id: viewer.id, broadcaster_user_id: streamer.id });
    expect((await remove(tokens.streamer, other.id)).status).toBe(204);
    expect(vips.size).toBe(0);
    const notVip = await remove(tokens.streamer, other.id);
    expect(notVip.status).toBe(422);
  });
});

describe('shield mode: GET/PUT /moderation/shield_mode', () => {
  it('is off with empty strings until turned on; on and off raise begin and end', async () => {
    const { streamer, mod, tokens } = await setup();
    const read = () => call('GET', '/moderation/shield_mode', tokens.mod, { query: mq(streamer.id, mod.id) });
    expect((await read()).body).toEqual({ data: [{ is_active: false, moderator_id: '', moderator_login: '', moderator_name: '', last_activated_at: '' }] });
    const put = (body: unknown) => call('PUT', '/moderation/shield_mode', tokens.mod, { query: mq(streamer.id, mod.id), body });
    clock += 5000;
    const on = await put({ is_active: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ data: [{ is_active: true, moderator_id: mod.id, moderator_login: 'mossmod', moderator_name: 'MossMod', last_activated_at: iso(START + 5000) }] });
    expect(platform().moderation.isShieldModeActive(streamer.id)).toBe(true);
    expect(lastEvent('channel.shield_mode.begin')).toEqual({
      type: 'channel.shield_mode.begin',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        started_at: iso(START + 5000),
      },
    });
    clock += 60_000;
    const off = await put({ is_active: false });
    expect(off.body.data[0]).toEqual({ is_active: false, moderator_id: mod.id, moderator_login: 'mossmod', moderator_name: 'MossMod', last_activated_at: iso(START + 5000) });
    expect(lastEvent('channel.shield_mode.end')!.event).toMatchObject({ moderator_user_id: mod.id, ended_at: iso(START + 65_000) });
    expect((await put({ is_active: false })).status).toBe(200);
    expect(eventsOf('channel.shield_mode.end')).toHaveLength(1);
    expect((await read()).body.data[0].is_active).toBe(false);
  });

  it.each([
    ['no is_active', {}],
    ['is_active as text', { is_active: 'true' }],
    ['a body wrapped in data', { data: { is_active: true } }],
  ])('%s is a 400', async (_, body) => {
    const { streamer, mod, tokens } = await setup();
    expect((await call('PUT', '/moderation/shield_mode', tokens.mod, { query: mq(streamer.id, mod.id), body })).status).toBe(400);
  });
});

describe('warnings: POST /moderation/warnings', () => {
  it('takes the body wrapped in data, answers data[0], raises the events; the user acknowledges', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const answer = await call('POST', '/moderation/warnings', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id, reason: 'No spoilers' } } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [{ broadcaster_id: streamer.id, user_id: viewer.id, moderator_id: mod.id, reason: 'No spoilers' }] });
    expect(lastEvent('channel.warning.send')).toEqual({
      type: 'channel.warning.send',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        reason: 'No spoilers',
        chat_rules_cited: null,
      },
    });
    expect(lastEvent('channel.moderate')!.event).toMatchObject({ action: 'warn', warn: { user_id: viewer.id, reason: 'No spoilers', chat_rules_cited: null } });
    // Version 1 of channel.moderate knows no warn action: only version 2 hears of it.
    expect(eventsOf('channel.moderate').map((event) => event.version)).toEqual(['2']);
    await call('POST', '/moderation/warnings', tokens.mod, { query: mq(streamer.id, mod.id), body: { data: { user_id: viewer.id, reason: 'Second one' } } });
    expect(platform().moderation.pendingWarning(streamer.id, viewer.id)).toMatchObject({ reason: 'Second one', moderator_id: mod.id });
    platform().moderation.acknowledgeWarning(streamer.id, viewer.id);
    expect(lastEvent('channel.warning.acknowledge')).toEqual({
      type: 'channel.warning.acknowledge',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: { broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', user_id: viewer.id, user_login: 'viewer', user_name: 'viewer' },
    });
    expect(platform().moderation.pendingWarning(streamer.id, viewer.id)).toBeUndefined();
    expect(() => platform().moderation.acknowledgeWarning(streamer.id, viewer.id)).toThrow(/no pending warning/);
  });

  it('a flat body, a missing or long reason are 400s; only moderators warn', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    const warn = (body: unknown, token = tokens.mod, moderatorId = mod.id) => call('POST', '/moderation/warnings', token, { query: mq(streamer.id, moderatorId), body });
    expect((await warn({ user_id: viewer.id, reason: 'flat' })).status).toBe(400);
    expect((await warn({ data: { user_id: viewer.id } })).status).toBe(400);
    expect((await warn({ data: { user_id: viewer.id, reason: 'x'.repeat(501) } })).status).toBe(400);
    expect((await warn({ data: { user_id: streamer.id, reason: 'no' } })).status).toBe(400);
    expect((await warn({ data: { user_id: viewer.id, reason: 'hey' } }, tokens.other, other.id)).status).toBe(403);
    expect((await warn({ data: { user_id: viewer.id, reason: 'x'.repeat(500) } })).status).toBe(200);
    expect(eventsOf('channel.warning.send')).toHaveLength(1);
  });
});

describe('suspicious users: POST/DELETE /moderation/suspicious_users', () => {
  it('adds from a flat body, changes the treatment, and removes with a 200 NO_TREATMENT body', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const add = (status: string) => call('POST', '/moderation/suspicious_users', tokens.mod, { query: mq(streamer.id, mod.id), body: { user_id: viewer.id, status } });
    const watched = await add('ACTIVE_MONITORING');
    expect(watched.status).toBe(200);
    expect(watched.body).toEqual({
      data: [{ user_id: viewer.id, broadcaster_id: streamer.id, moderator_id: mod.id, updated_at: iso(START), status: 'ACTIVE_MONITORING', types: ['MANUALLY_ADDED'] }],
    });
    expect(lastEvent('channel.suspicious_user.update')).toEqual({
      type: 'channel.suspicious_user.update',
      version: '1',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        moderator_user_id: mod.id,
        moderator_user_login: 'mossmod',
        moderator_user_name: 'MossMod',
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        low_trust_status: 'active_monitoring',
      },
    });
    clock += 1000;
    const restricted = await add('RESTRICTED');
    expect(restricted.body.data[0]).toMatchObject({ status: 'RESTRICTED', types: ['MANUALLY_ADDED'], updated_at: iso(START + 1000) });
    expect(platform().moderation.suspiciousUser(streamer.id, viewer.id)!.status).toBe('RESTRICTED');

    clock += 1000;
    const removed = await call('DELETE', '/moderation/suspicious_users', tokens.mod, { query: mq(streamer.id, mod.id, { user_id: viewer.id }) });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: [{ user_id: viewer.id, broadcaster_id: streamer.id, moderator_id: mod.id, updated_at: iso(START + 2000), status: 'NO_TREATMENT', types: [] }] });
    expect(lastEvent('channel.suspicious_user.update')!.event).toMatchObject({ low_trust_status: 'no_treatment' });
    expect(eventsOf('channel.suspicious_user.update')).toHaveLength(3);
  });

  it('checks the body and accepts an app token that names a moderator', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const add = (token: string, query: Record<string, string>, body: unknown) => call('POST', '/moderation/suspicious_users', token, { query, body });
    expect((await add(tokens.mod, mq(streamer.id, mod.id), { user_id: viewer.id, status: 'BANNED' })).status).toBe(400);
    expect((await add(tokens.mod, mq(streamer.id, mod.id), { data: { user_id: viewer.id, status: 'RESTRICTED' } })).status).toBe(400);
    expect((await add(tokens.mod, mq(streamer.id, mod.id), { user_id: viewer.id })).status).toBe(400);
    expect((await add(tokens.app, { broadcaster_id: streamer.id }, { user_id: viewer.id, status: 'RESTRICTED' })).status).toBe(400);
    expect((await add(tokens.app, mq(streamer.id, mod.id), { user_id: viewer.id, status: 'RESTRICTED' })).status).toBe(200);
    expect((await call('DELETE', '/moderation/suspicious_users', tokens.app, { query: mq(streamer.id, mod.id) })).status).toBe(400);
    expect((await call('DELETE', '/moderation/suspicious_users', tokens.app, { query: mq(streamer.id, mod.id, { user_id: viewer.id }) })).body.data[0].status).toBe('NO_TREATMENT');
  });
});

describe('robustness', () => {
  it.each([
    ['POST', '/moderation/enforcements/status'],
    ['POST', '/moderation/automod/message'],
    ['PUT', '/moderation/automod/settings'],
    ['POST', '/moderation/bans'],
    ['POST', '/moderation/blocked_terms'],
    ['PUT', '/moderation/shield_mode'],
    ['POST', '/moderation/warnings'],
    ['POST', '/moderation/suspicious_users'],
  ])('%s %s answers odd bodies with 400, never 500', async (method, path) => {
    const { streamer, mod, tokens } = await setup();
    const query = path === '/moderation/enforcements/status' ? { broadcaster_id: streamer.id } : mq(streamer.id, mod.id);
    const token = path === '/moderation/enforcements/status' ? tokens.streamer : tokens.mod;
    for (const rawBody of [undefined, 'null', '[]', '"text"', '5', '{"data":null}', '{"data":"x"}', '{"data":[null]}', '{oops']) {
      const answer = await call(method, path, token, { query, rawBody });
      expect(answer.status, `${rawBody}`).toBe(400);
      expect(answer.body).toMatchObject({ error: 'Bad Request', status: 400 });
    }
  });

  it('every moderation route asks for a token and answers with the rate-limit headers', async () => {
    const { streamer, mod, tokens } = await setup();
    expect((await call('GET', '/moderation/shield_mode', undefined, { query: mq(streamer.id, mod.id) })).body).toEqual({ error: 'Unauthorized', status: 401, message: 'OAuth token is missing' });
    const answer = await call('GET', '/moderation/shield_mode', tokens.mod, { query: mq(streamer.id, mod.id) });
    expect(answer.headers.get('Ratelimit-Limit')).toBe('800');
    expect((await call('PATCH', '/moderation/bans', tokens.mod, { query: mq(streamer.id, mod.id) })).status).toBe(405);
  });
});
