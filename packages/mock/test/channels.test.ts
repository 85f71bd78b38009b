/**
 * The Channels group of the mock over real sockets: channel information and its changes (and
 * `channel.update`), editors, follows with `mock.channels.follow()` (and `channel.follow`, also
 * delivered over EventSub to a moderator's subscription), followers and followed channels.
 */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { advance, call, errorBody, eventsOf, platform, setup, START } from './users-groups-setup';

const iso = (ms: number) => new Date(ms).toISOString();

describe('GET /channels', () => {
  it('gives the information of each known channel once, in the shape of the reference', async () => {
    const { streamer, viewer, tokens } = await setup();
    const game = platform().games.add({ name: 'Science & Technology', id: '509670' });
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { title: 'Monthly update', game_id: game.id, tags: ['DevsInTheKnow'], delay: 5 } });
    const answer = await call('GET', '/channels', tokens.app, { query: { broadcaster_id: [streamer.id, viewer.id, streamer.id, '999999'] } });
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          {
            broadcaster_id: streamer.id,
            broadcaster_login: 'streamer',
            broadcaster_name: 'Streamer',
            broadcaster_language: 'en',
            game_id: '509670',
            game_name: 'Science & Technology',
            title: 'Monthly update',
            delay: 0,
            tags: ['DevsInTheKnow'],
            content_classification_labels: [],
            is_branded_content: false,
          },
          expect.objectContaining({ broadcaster_id: viewer.id, title: '', game_id: '', game_name: '' }),
        ],
      },
    });
  });

  it('shows the stream delay to the broadcaster\'s own token only', async () => {
    const { streamer, tokens } = await setup();
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { delay: 30 } });
    expect((await call('GET', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body.data[0].delay).toBe(30);
    expect((await call('GET', '/channels', tokens.mod, { query: { broadcaster_id: streamer.id } })).body.data[0].delay).toBe(0);
  });

  it('needs broadcaster_id, at most 100 of them, and a valid token', async () => {
    const { tokens } = await setup();
    expect(await call('GET', '/channels', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "broadcaster_id"') });
    const ids = Array.from({ length: 101 }, (_, index) => String(index));
    expect(await call('GET', '/channels', tokens.app, { query: { broadcaster_id: ids } })).toMatchObject({ status: 400, body: errorBody(400, /at most 100 times/) });
    expect((await call('GET', '/channels', 'nope', { query: { broadcaster_id: '1' } })).status).toBe(401);
  });
});

describe('PATCH /channels', () => {
  it('changes channel.info, which Get Channel Information reads, and raises channel.update', async () => {
    const { streamer, tokens } = await setup();
    const game = platform().games.add({ name: 'Just Chatting', id: '509658' });
    const answer = await call('PATCH', '/channels', tokens.streamer, {
      query: { broadcaster_id: streamer.id },
      body: { title: 'Blind run - day 3', game_id: game.id, broadcaster_language: 'de', content_classification_labels: [{ id: 'ProfanityVulgarity', is_enabled: true }], is_branded_content: true },
    });
    expect(answer).toEqual({ status: 204, body: undefined });
    expect(platform().state.channel(streamer.id).info).toMatchObject({ title: 'Blind run - day 3', game_id: '509658', game_name: 'Just Chatting', broadcaster_language: 'de', is_branded_content: true });
    expect(eventsOf('channel.update')).toEqual([
      {
        type: 'channel.update',
        version: '2',
        condition: { broadcaster_user_id: streamer.id },
        event: {
          broadcaster_user_id: streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          title: 'Blind run - day 3',
          language: 'de',
          category_id: '509658',
          category_name: 'Just Chatting',
          content_classification_labels: ['ProfanityVulgarity'],
        },
      },
    ]);
  });

  it('clears the game with "0" or "", removes labels, and raises nothing for a change the event does not carry', async () => {
    const { streamer, tokens } = await setup();
    const game = platform().games.add({ name: 'Chess' });
    const patch = (body: unknown) => call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body });
    await patch({ game_id: game.id, content_classification_labels: [{ id: 'Gambling', is_enabled: true }, { id: 'SexualThemes', is_enabled: true }] });
    await patch({ game_id: '0', content_classification_labels: [{ id: 'Gambling', is_enabled: false }] });
    expect(platform().state.channel(streamer.id).info).toMatchObject({ game_id: '', game_name: '', content_classification_labels: ['SexualThemes'] });
    await patch({ game_id: game.id });
    await patch({ game_id: '' });
    expect(platform().state.channel(streamer.id).info.game_id).toBe('');
    const raised = eventsOf('channel.update').length;
    expect((await patch({ tags: ['Chess', 'chess', 'Rapid'] })).status).toBe(204);
    expect(platform().state.channel(streamer.id).info.tags).toEqual(['Chess', 'Rapid']);
    expect((await patch({ tags: [] })).status).toBe(204);
    expect(platform().state.channel(streamer.id).info.tags).toEqual([]);
    // The same title again changes nothing either.
    await patch({ title: 'Same' });
    await patch({ title: 'Same' });
    expect(eventsOf('channel.update')).toHaveLength(raised + 1);
  });

  it('lets an editor change it, but not the labels; anyone else gets 401', async () => {
    const { streamer, mod, tokens } = await setup();
    expect(platform().channels.addEditor(streamer.id, mod.id)).toBe(true);
    const byEditor = await call('PATCH', '/channels', tokens.mod, { query: { broadcaster_id: streamer.id }, body: { title: 'Set by the editor' } });
    expect(byEditor.status).toBe(204);
    expect(platform().state.channel(streamer.id).info.title).toBe('Set by the editor');
    expect(await call('PATCH', '/channels', tokens.mod, { query: { broadcaster_id: streamer.id }, body: { content_classification_labels: [{ id: 'Gambling', is_enabled: true }] } })).toMatchObject({
      status: 401,
      body: errorBody(401, /Only the broadcaster/),
    });
    expect(await call('PATCH', '/channels', tokens.viewer, { query: { broadcaster_id: streamer.id }, body: { title: 'Hijacked' } })).toMatchObject({
      status: 401,
      body: errorBody(401, /broadcaster_id must match .* editors/),
    });
    expect(platform().channels.removeEditor(streamer.id, mod.id)).toBe(true);
    expect((await call('PATCH', '/channels', tokens.mod, { query: { broadcaster_id: streamer.id }, body: { title: 'No longer' } })).status).toBe(401);
    expect(platform().state.channel(streamer.id).info.title).toBe('Set by the editor');
  });

  it.each([
    ['no property', {}, 400, /at least one property/],
    ['an unknown game', { game_id: '123' }, 400, /game_id is not valid/],
    ['an empty title', { title: '' }, 400, /"title" may not contain an empty string/],
    ['a title of 141 characters', { title: '🎮'.repeat(141) }, 400, /^Title exceeds the 140 character limit\.$/],
    ['a title that is not a string', { title: 5 }, 400, /"title" must be a string/],
    ['a delay over 900', { delay: 901 }, 400, /"delay" must be a whole number from 0 to 900/],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, index) => `Tag${index}`) }, 400, /at most 10 tags/],
    ['a tag of 26 characters', { tags: ['x'.repeat(26)] }, 400, /at most 25 characters/],
    ['a tag with a space', { tags: ['two words'] }, 400, /only letters and digits/],
    ['an empty tag', { tags: [''] }, 400, /is empty/],
    ['an unknown label', { content_classification_labels: [{ id: 'Spoilers', is_enabled: true }] }, 400, /"Spoilers" is not valid/],
    ['a label without is_enabled', { content_classification_labels: [{ id: 'Gambling' }] }, 400, /is_enabled/],
    ['the gaming label', { content_classification_labels: [{ id: 'MatureGame', is_enabled: true }] }, 403, /MatureGame follows the channel's game/],
    ['is_branded_content not a boolean', { is_branded_content: 'yes' }, 400, /"is_branded_content" must be a boolean/],
  ])('refuses %s, changing nothing', async (_, body, status, message) => {
    const { streamer, tokens } = await setup();
    platform().state.channel(streamer.id).info.title = 'Kept';
    const answer = await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body });
    expect(answer).toMatchObject({ status, body: errorBody(status, message) });
    expect(platform().state.channel(streamer.id).info.title).toBe('Kept');
  });

  it('leaves the language as it was for a code the platform does not support', async () => {
    const { streamer, tokens } = await setup();
    expect((await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { broadcaster_language: 'klingon' } })).status).toBe(204);
    expect(platform().state.channel(streamer.id).info.broadcaster_language).toBe('en');
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { broadcaster_language: 'other' } });
    expect(platform().state.channel(streamer.id).info.broadcaster_language).toBe('other');
  });

  it('lets only partners set a delay', async () => {
    const { viewer, tokens } = await setup();
    expect(await call('PATCH', '/channels', tokens.viewer, { query: { broadcaster_id: viewer.id }, body: { delay: 10 } })).toMatchObject({ status: 400, body: errorBody(400, /partner status/) });
  });

  it('needs channel:manage:broadcast, a user token and broadcaster_id', async () => {
    const { streamer, tokens, issue } = await setup();
    expect(await call('PATCH', '/channels', issue(streamer.id, ['user:edit']), { query: { broadcaster_id: streamer.id }, body: { title: 'x' } })).toMatchObject({
      status: 401,
      body: errorBody(401, 'Missing scope: channel:manage:broadcast'),
    });
    expect((await call('PATCH', '/channels', tokens.app, { query: { broadcaster_id: streamer.id }, body: { title: 'x' } })).status).toBe(401);
    expect((await call('PATCH', '/channels', tokens.streamer, { body: { title: 'x' } })).status).toBe(400);
  });
});

describe('GET /channels/editors', () => {
  it('lists the editors added by the control, with the time they became one', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    platform().channels.addEditor(streamer.id, mod.id);
    advance(60_000);
    platform().channels.addEditor(streamer.id, viewer.id);
    expect(platform().channels.addEditor(streamer.id, viewer.id)).toBe(false);
    expect((await call('GET', '/channels/editors', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body).toEqual({
      data: [
        { user_id: mod.id, user_name: 'MossMod', created_at: iso(START) },
        { user_id: viewer.id, user_name: 'viewer', created_at: iso(START + 60_000) },
      ],
    });
    expect(() => platform().channels.addEditor(streamer.id, streamer.id)).toThrow(/cannot be an editor of their own channel/);
    expect(() => platform().channels.addEditor(streamer.id, '404')).toThrow('No user 404.');
  });

  it('needs channel:read:editors and the broadcaster\'s own token', async () => {
    const { streamer, tokens, issue } = await setup();
    expect(await call('GET', '/channels/editors', tokens.mod, { query: { broadcaster_id: streamer.id } })).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect((await call('GET', '/channels/editors', issue(streamer.id, ['user:edit']), { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    expect((await call('GET', '/channels/editors', tokens.streamer)).status).toBe(400);
  });
});

describe('follows: mock.channels.follow(), GET /channels/followers and GET /channels/followed', () => {
  /** viewer, then other, then mod follow the streamer, a minute apart; viewer also follows other. */
  async function followed() {
    const world = await setup();
    const { streamer, mod, viewer, other } = world;
    for (const user of [viewer, other, mod]) {
      expect(platform().channels.follow(user.id, streamer.id)).toBe(true);
      advance(60_000);
    }
    platform().channels.follow(viewer.id, other.id);
    return world;
  }

  it('raises channel.follow with both users and the time', async () => {
    const { streamer, viewer } = await followed();
    expect(eventsOf('channel.follow')[0]).toEqual({
      type: 'channel.follow',
      version: '2',
      condition: { broadcaster_user_id: streamer.id },
      event: {
        user_id: viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        followed_at: iso(START),
      },
    });
    // Following again changes nothing and raises nothing.
    expect(platform().channels.follow(viewer.id, streamer.id)).toBe(false);
    expect(eventsOf('channel.follow')).toHaveLength(4);
    expect(() => platform().channels.follow(streamer.id, streamer.id)).toThrow(/cannot follow their own channel/);
    expect(() => platform().channels.follow('404', streamer.id)).toThrow('No user 404.');
  });

  it('shows the broadcaster and a moderator the followers, newest first, with total and pages', async () => {
    const { streamer, mod, viewer, other, tokens } = await followed();
    for (const token of [tokens.streamer, tokens.mod]) {
      const first = await call('GET', '/channels/followers', token, { query: { broadcaster_id: streamer.id, first: '2' } });
      expect(first.body.total).toBe(3);
      expect(first.body.data).toEqual([
        { user_id: mod.id, user_login: 'mossmod', user_name: 'MossMod', followed_at: iso(START + 120_000) },
        { user_id: other.id, user_login: 'other', user_name: 'other', followed_at: iso(START + 60_000) },
      ]);
      const second = await call('GET', '/channels/followers', token, { query: { broadcaster_id: streamer.id, first: '2', after: first.body.pagination.cursor } });
      expect(second.body).toEqual({ total: 3, data: [{ user_id: viewer.id, user_login: 'viewer', user_name: 'viewer', followed_at: iso(START) }], pagination: {} });
    }
    const one = await call('GET', '/channels/followers', tokens.mod, { query: { broadcaster_id: streamer.id, user_id: other.id } });
    expect(one.body).toEqual({ total: 3, data: [expect.objectContaining({ user_id: other.id })], pagination: {} });
    const none = await call('GET', '/channels/followers', tokens.mod, { query: { broadcaster_id: streamer.id, user_id: streamer.id } });
    expect(none.body).toEqual({ total: 3, data: [], pagination: {} });
  });

  it('gives anyone else (or a token without moderator:read:followers) the total only, and refuses them user_id', async () => {
    const { streamer, viewer, tokens, issue } = await followed();
    expect((await call('GET', '/channels/followers', tokens.viewer, { query: { broadcaster_id: streamer.id } })).body).toEqual({ total: 3, data: [], pagination: {} });
    const unscoped = issue(streamer.id, ['user:edit']);
    expect((await call('GET', '/channels/followers', unscoped, { query: { broadcaster_id: streamer.id } })).body).toEqual({ total: 3, data: [], pagination: {} });
    expect(await call('GET', '/channels/followers', tokens.viewer, { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).toMatchObject({
      status: 401,
      body: errorBody(401, /user_id parameter requires .*moderator:read:followers/),
    });
    expect((await call('GET', '/channels/followers', unscoped, { query: { broadcaster_id: streamer.id, user_id: viewer.id } })).status).toBe(401);
  });

  it('needs a user token, a known broadcaster_id and first within 1 to 100', async () => {
    const { streamer, tokens } = await followed();
    expect((await call('GET', '/channels/followers', tokens.app, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    expect((await call('GET', '/channels/followers', tokens.streamer)).status).toBe(400);
    expect(await call('GET', '/channels/followers', tokens.streamer, { query: { broadcaster_id: '424242' } })).toMatchObject({ status: 400, body: errorBody(400, /broadcaster_id is not valid/) });
    expect((await call('GET', '/channels/followers', tokens.streamer, { query: { broadcaster_id: streamer.id, first: '0' } })).status).toBe(400);
  });

  it('lists the channels a user follows, newest first, with total; broadcaster_id checks one', async () => {
    const { streamer, viewer, other, tokens } = await followed();
    const all = await call('GET', '/channels/followed', tokens.viewer, { query: { user_id: viewer.id } });
    expect(all.body).toEqual({
      total: 2,
      data: [
        { broadcaster_id: other.id, broadcaster_login: 'other', broadcaster_name: 'other', followed_at: iso(START + 180_000) },
        { broadcaster_id: streamer.id, broadcaster_login: 'streamer', broadcaster_name: 'Streamer', followed_at: iso(START) },
      ],
      pagination: {},
    });
    const paged = await call('GET', '/channels/followed', tokens.viewer, { query: { user_id: viewer.id, first: '1' } });
    expect(paged.body.data.map((entry: { broadcaster_id: string }) => entry.broadcaster_id)).toEqual([other.id]);
    expect(paged.body.pagination.cursor).toEqual(expect.any(String));
    const one = await call('GET', '/channels/followed', tokens.viewer, { query: { user_id: viewer.id, broadcaster_id: streamer.id } });
    expect(one.body).toEqual({ total: 2, data: [expect.objectContaining({ broadcaster_id: streamer.id })], pagination: {} });
  });

  it('an unfollow shows in both lists', async () => {
    const { streamer, viewer, tokens } = await followed();
    expect(platform().channels.unfollow(viewer.id, streamer.id)).toBe(true);
    expect(platform().channels.unfollow(viewer.id, streamer.id)).toBe(false);
    expect((await call('GET', '/channels/followers', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body.total).toBe(2);
    const none = await call('GET', '/channels/followed', tokens.viewer, { query: { user_id: viewer.id, broadcaster_id: streamer.id } });
    expect(none.body).toEqual({ total: 1, data: [], pagination: {} });
  });

  it('Get Followed Channels needs user:read:follows and user_id of the token user', async () => {
    const { viewer, tokens, issue } = await followed();
    expect(await call('GET', '/channels/followed', tokens.mod, { query: { user_id: viewer.id } })).toMatchObject({ status: 401, body: errorBody(401, /user_id must match/) });
    expect((await call('GET', '/channels/followed', issue(viewer.id, ['user:edit']), { query: { user_id: viewer.id } })).status).toBe(401);
    expect((await call('GET', '/channels/followed', tokens.viewer)).status).toBe(400);
  });

  it('delivers channel.follow over EventSub to a moderator\'s WebSocket subscription', async () => {
    const { streamer, mod, viewer, tokens } = await setup();
    const socket = new WebSocket(platform().eventSubWsUrl);
    const frames: { metadata: { message_type: string }; payload: { session?: { id: string }; event?: Record<string, unknown> } }[] = [];
    const arrived = (type: string) =>
      new Promise<(typeof frames)[number]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} frame`)), 2000);
        const look = () => {
          const frame = frames.find((each) => each.metadata.message_type === type);
          if (!frame) return;
          clearTimeout(timer);
          socket.off('message', look);
          resolve(frame);
        };
        socket.on('message', look);
        look();
      });
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    try {
      const welcome = await arrived('session_welcome');
      const created = await call('POST', '/eventsub/subscriptions', tokens.mod, {
        body: { type: 'channel.follow', version: '2', condition: { broadcaster_user_id: streamer.id, moderator_user_id: mod.id }, transport: { method: 'websocket', session_id: welcome.payload.session!.id } },
      });
      expect(created.status).toBe(202);
      platform().channels.follow(viewer.id, streamer.id);
      const notification = await arrived('notification');
      expect(notification.payload.event).toMatchObject({ user_id: viewer.id, broadcaster_user_id: streamer.id });
    } finally {
      socket.terminate();
    }
  });
});
