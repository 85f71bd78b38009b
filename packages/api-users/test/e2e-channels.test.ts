import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelEditors, channelFollowers, channelInformation, followedChannels, updateChannel } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The channels group end to end: channel information changed and read back, the channel.update
 * it raises, editors, follows (with the platform's total) and the platform's refusals.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
  world.mock.games.add({ id: '33214', name: 'Fortnite', igdb_id: '1905' });
  world.mock.games.add({ id: '509670', name: 'Science & Technology' });
});

afterEach(async () => {
  await world.close();
});

describe('channelInformation and updateChannel', () => {
  it('the broadcaster changes every field; the change reads back and raises channel.update', async () => {
    const { client, broadcaster } = world;
    await expect(
      updateChannel(client.as(broadcaster.id), {
        title: 'Any% practice',
        game_id: '33214',
        broadcaster_language: 'de',
        tags: ['Speedrun', 'English', 'speedrun'],
        content_classification_labels: [
          { id: 'Gambling', is_enabled: true },
          { id: 'ProfanityVulgarity', is_enabled: true },
        ],
        is_branded_content: true,
        delay: 30,
      }),
    ).resolves.toBeUndefined();
    // broadcaster_id in the query (from the token's user), the changes in a flat body.
    const sent = world.mock.requests.at(-1)!;
    expect([sent.method, sent.path, sent.query]).toEqual(['PATCH', '/channels', { broadcaster_id: broadcaster.id }]);
    expect(sent.body).toMatchObject({ title: 'Any% practice', game_id: '33214', delay: 30 });

    const [channel] = await channelInformation(client.as('app'), { broadcaster_id: broadcaster.id });
    expect(channel).toEqual({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      broadcaster_language: 'de',
      game_id: '33214',
      game_name: 'Fortnite',
      title: 'Any% practice',
      // Others read 0; only the broadcaster's own token sees the delay.
      delay: 0,
      tags: ['Speedrun', 'English'],
      content_classification_labels: ['Gambling', 'ProfanityVulgarity'],
      is_branded_content: true,
    });
    const [own] = await channelInformation(client.as(broadcaster.id), { broadcaster_id: broadcaster.id });
    expect(own?.delay).toBe(30);

    const raised = world.events.filter((event) => event.type === 'channel.update');
    expect(raised).toEqual([
      {
        type: 'channel.update',
        version: '2',
        condition: { broadcaster_user_id: broadcaster.id },
        event: {
          broadcaster_user_id: '100',
          broadcaster_user_login: 'pixelforge',
          broadcaster_user_name: 'PixelForge',
          title: 'Any% practice',
          language: 'de',
          category_id: '33214',
          category_name: 'Fortnite',
          content_classification_labels: ['Gambling', 'ProfanityVulgarity'],
        },
      },
    ]);
  });

  it('only the fields given change; labels turn on and off one by one; "" unsets the game; an empty tag list clears the tags', async () => {
    const { client, broadcaster } = world;
    const me = client.as(broadcaster.id);
    await updateChannel(me, { title: 'First', game_id: '509670', tags: ['Science'], content_classification_labels: [{ id: 'Gambling', is_enabled: true }] });
    await updateChannel(me, { title: 'Second' });
    let [channel] = await channelInformation(me, { broadcaster_id: broadcaster.id });
    expect(channel).toMatchObject({ title: 'Second', game_name: 'Science & Technology', tags: ['Science'], content_classification_labels: ['Gambling'] });

    await updateChannel(me, { game_id: '', tags: [], content_classification_labels: [{ id: 'Gambling', is_enabled: false }, { id: 'SexualThemes', is_enabled: true }] });
    [channel] = await channelInformation(me, { broadcaster_id: broadcaster.id });
    expect(channel).toMatchObject({ title: 'Second', game_id: '', game_name: '', tags: [], content_classification_labels: ['SexualThemes'] });
    expect(world.events.filter((event) => event.type === 'channel.update').map((event) => (event.event as { title: string }).title)).toEqual(['First', 'Second', 'Second']);
  });

  it('a tag of 25 characters is taken, counted as the platform counts them (a letter outside the BMP is one)', async () => {
    const { client, broadcaster } = world;
    const tag = '\u{1D538}'.repeat(25);
    await updateChannel(client.as(broadcaster.id), { tags: [tag, 'Speedrun'] });
    expect((await channelInformation(client.as('app'), { broadcaster_id: broadcaster.id }))[0]?.tags).toEqual([tag, 'Speedrun']);
    const error = await rejectionOf(updateChannel(client.as(broadcaster.id), { tags: ['\u{1D538}'.repeat(26)] }));
    expect(error.constructor).toBe(PlatformError);
  });

  it('a branded-content change alone raises no channel.update (the event does not carry it)', async () => {
    const { client, broadcaster } = world;
    await updateChannel(client.as(broadcaster.id), { is_branded_content: true });
    expect((await channelInformation(client.as('app'), { broadcaster_id: broadcaster.id }))[0]?.is_branded_content).toBe(true);
    expect(world.events.filter((event) => event.type === 'channel.update')).toEqual([]);
  });

  it('150 channels: requests of 100 and 50, the channels joined in order; unknown ones left out', async () => {
    const { mock, client } = world;
    const channels = Array.from({ length: 150 }, (_, index) => mock.addUser({ login: `channel_${index}` }));
    const ids = channels.map((user) => user.id);
    const found = await channelInformation(client.as('app'), { broadcaster_id: [...ids.slice(0, 120), 'no-such-channel', ...ids.slice(120)] });
    expect(found.map((channel) => channel.broadcaster_id)).toEqual(ids);
    expect(mock.requests.filter((request) => request.path === '/channels').map((request) => [request.query.broadcaster_id].flat().length)).toEqual([100, 51]);
  });

  it('an editor changes the title; a user who is not an editor is refused (401); labels are the broadcaster\'s alone', async () => {
    const { mock, client, broadcaster, moderator, viewer } = world;
    await world.register(moderator, ['channel:manage:broadcast']);
    await world.register(viewer, ['channel:manage:broadcast']);
    mock.channels.addEditor(broadcaster.id, moderator.id);

    await updateChannel(client.as(moderator.id), { broadcaster_id: broadcaster.id, title: 'Set by the editor' });
    expect((await channelInformation(client.as('app'), { broadcaster_id: broadcaster.id }))[0]?.title).toBe('Set by the editor');

    const notEditor = await rejectionOf(updateChannel(client.as(viewer.id), { broadcaster_id: broadcaster.id, title: 'Hijacked' }));
    expect(notEditor).toBeInstanceOf(PlatformApiError);
    expect((notEditor as PlatformApiError).status).toBe(401);
    expect(notEditor.message).toBe(
      "The ID in broadcaster_id must match the user ID found in the request's OAuth token, or that user must be one of the broadcaster's editors (401 on PATCH /channels)",
    );
    expect((notEditor as PlatformApiError).url).toBe(`${mock.baseUrl}/channels?broadcaster_id=${broadcaster.id}`);

    const labels = await rejectionOf(updateChannel(client.as(moderator.id), { broadcaster_id: broadcaster.id, content_classification_labels: [{ id: 'Gambling', is_enabled: true }] }));
    expect(labels).toBeInstanceOf(PlatformApiError);
    expect((labels as PlatformApiError).status).toBe(401);
    expect((await channelInformation(client.as('app'), { broadcaster_id: broadcaster.id }))[0]?.title).toBe('Set by the editor');
  });

  it('refusals of the platform: an unknown game, a delay for a non-partner, special characters in a tag (400)', async () => {
    const { client, broadcaster, other } = world;
    const game = await rejectionOf(updateChannel(client.as(broadcaster.id), { game_id: '424242' }));
    expect(game).toBeInstanceOf(PlatformApiError);
    expect(game.message).toBe('The ID in game_id is not valid: no game 424242 (400 on PATCH /channels)');

    await world.register(other, ['channel:manage:broadcast']);
    const delay = await rejectionOf(updateChannel(client.as(other.id), { delay: 10 }));
    expect(delay.message).toBe('To update the delay field, the broadcaster must have partner status (400 on PATCH /channels)');

    const tag = await rejectionOf(updateChannel(client.as(broadcaster.id), { tags: ['C#'] }));
    expect((tag as PlatformApiError).status).toBe(400);
    expect(tag.message).toBe('A tag in the "tags" field may hold only letters and digits, no spaces or special characters: "C#" (400 on PATCH /channels)');
  });

  it('refusals before anything is sent: the app token, a missing scope, nothing to change, limits', async () => {
    const { mock, client, broadcaster, viewer } = world;
    mock.clearRequests();
    const app = await rejectionOf(updateChannel(client.as('app'), { broadcaster_id: broadcaster.id, title: 'x' }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('PATCH /channels only accepts a user access token: the app token cannot be used for it.');

    const scope = await rejectionOf(updateChannel(client.as(viewer.id), { title: 'x' }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:broadcast scope required by PATCH /channels.');
    expect((scope as PlatformScopeError).userId).toBe(viewer.id);

    const several = await rejectionOf(updateChannel(client, { title: 'x' }));
    expect(several).toBeInstanceOf(PlatformAuthError);
    expect(several.message).toBe('PATCH /channels needs a user access token and several users are registered. Choose one with { as: userId } or client.as(userId).');

    const cases: [Parameters<typeof updateChannel>[1], string][] = [
      [{}, 'channels.updateChannel needs at least one of the parameters game_id, broadcaster_language, title, delay, tags, content_classification_labels or is_branded_content.'],
      [{ title: '' }, 'The parameter title of channels.updateChannel must not be empty; got "".'],
      [{ delay: 901 }, 'The parameter delay of channels.updateChannel must be from 0 to 900; got 901.'],
      [{ tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, 'The parameter tags of channels.updateChannel must hold at most 10 items; got an array.'],
      [{ tags: ['Leveling Up'] }, 'The parameter tags of channels.updateChannel must hold tags of 1 to 25 characters without spaces (tag 1 is "Leveling Up"); got an array.'],
    ];
    for (const [params, message] of cases) {
      const error = await rejectionOf(updateChannel(client.as(broadcaster.id), params));
      expect(error.constructor).toBe(PlatformError);
      expect(error.message).toBe(message);
    }
    expect(mock.requests).toHaveLength(0);
  });
});

describe('channelEditors', () => {
  it('empty, then the editors added, with the time they became one; another channel\'s list is refused (401)', async () => {
    const { mock, client, broadcaster, moderator, viewer } = world;
    const me = client.as(broadcaster.id);
    await expect(channelEditors(me)).resolves.toEqual([]);
    mock.channels.addEditor(broadcaster.id, moderator.id);
    world.advance(60_000);
    mock.channels.addEditor(broadcaster.id, viewer.id);
    await expect(channelEditors(me)).resolves.toEqual([
      { user_id: moderator.id, user_name: 'MossMod', created_at: iso(START) },
      { user_id: viewer.id, user_name: 'QuietFox', created_at: iso(START + 60_000) },
    ]);
    mock.channels.removeEditor(broadcaster.id, moderator.id);
    expect((await channelEditors(me)).map((editor) => editor.user_id)).toEqual([viewer.id]);

    const others = await rejectionOf(channelEditors(me, { broadcaster_id: world.other.id }));
    expect(others).toBeInstanceOf(PlatformApiError);
    expect(others.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token. (401 on GET /channels/editors)");
  });
});

describe('follows', () => {
  /** 45 users follow the broadcaster, one a minute; returns them, first follower first. */
  function fortyFiveFollowers() {
    const { mock, broadcaster } = world;
    return Array.from({ length: 45 }, (_, index) => {
      const fan = mock.addUser({ login: `fan_${index}` });
      world.advance(60_000);
      expect(mock.channels.follow(fan.id, broadcaster.id)).toBe(true);
      return fan;
    });
  }

  it('channelFollowers: total() from the platform, newest first, all() and pages(), and one user asked about', async () => {
    const { mock, client, broadcaster } = world;
    const fans = fortyFiveFollowers();
    const newestFirst = [...fans].reverse().map((fan) => fan.id);
    const me = client.as(broadcaster.id);

    mock.clearRequests();
    await expect(channelFollowers(me, { broadcaster_id: broadcaster.id }).total()).resolves.toBe(45);
    // The platform's total: one request, not a count of every page.
    expect(world.helixSent()).toEqual(['GET /channels/followers']);

    const all = await channelFollowers(me, { broadcaster_id: broadcaster.id, first: 100 }).all();
    expect(all.map((follower) => follower.user_id)).toEqual(newestFirst);
    expect(all[0]).toEqual({ user_id: fans[44]!.id, user_login: 'fan_44', user_name: 'fan_44', followed_at: iso(START + 45 * 60_000) });

    const pageSizes: number[] = [];
    const totals: number[] = [];
    for await (const page of channelFollowers(me, { broadcaster_id: broadcaster.id }).pages()) {
      pageSizes.push(page.data.length);
      totals.push(page.raw.total);
    }
    expect(pageSizes).toEqual([20, 20, 5]);
    expect(totals).toEqual([45, 45, 45]);

    const one = await channelFollowers(me, { broadcaster_id: broadcaster.id, user_id: fans[3]!.id });
    expect(one.data.map((follower) => follower.user_login)).toEqual(['fan_3']);
    expect(one.raw.total).toBe(45);
    const notFollowing = await channelFollowers(me, { broadcaster_id: broadcaster.id, user_id: world.viewer.id });
    expect(notFollowing.data).toEqual([]);
  });

  it('a moderator sees the followers; a user who does not moderate the channel gets the total only, and 401 for user_id', async () => {
    const { client, broadcaster, moderator, viewer } = world;
    fortyFiveFollowers();
    await world.register(moderator, ['moderator:read:followers']);
    await world.register(viewer, ['moderator:read:followers']);
    expect(await channelFollowers(client.as(moderator.id), { broadcaster_id: broadcaster.id }).take(3)).toHaveLength(3);

    const outsider = await channelFollowers(client.as(viewer.id), { broadcaster_id: broadcaster.id });
    expect(outsider.data).toEqual([]);
    expect(outsider.raw.total).toBe(45);
    await expect(channelFollowers(client.as(viewer.id), { broadcaster_id: broadcaster.id }).total()).resolves.toBe(45);

    const asked = await rejectionOf(channelFollowers(client.as(viewer.id), { broadcaster_id: broadcaster.id, user_id: moderator.id }));
    expect(asked).toBeInstanceOf(PlatformApiError);
    expect((asked as PlatformApiError).status).toBe(401);
  });

  it('a user token without moderator:read:followers is sent, and the platform answers with the total alone', async () => {
    const { client, broadcaster, viewer } = world;
    fortyFiveFollowers();
    await world.register(viewer, []);
    const page = await channelFollowers(client.as(viewer.id), { broadcaster_id: broadcaster.id });
    expect(page.data).toEqual([]);
    expect(page.raw.total).toBe(45);
    await expect(channelFollowers(client.as(viewer.id), { broadcaster_id: broadcaster.id }).total()).resolves.toBe(45);
  });

  it('a follow raises channel.follow version 2', async () => {
    const { mock, broadcaster, viewer } = world;
    world.advance(5_000);
    mock.channels.follow(viewer.id, broadcaster.id);
    expect(world.events.filter((event) => event.type === 'channel.follow')).toEqual([
      {
        type: 'channel.follow',
        version: '2',
        condition: { broadcaster_user_id: broadcaster.id },
        event: {
          user_id: viewer.id,
          user_login: 'quietfox',
          user_name: 'QuietFox',
          broadcaster_user_id: broadcaster.id,
          broadcaster_user_login: 'pixelforge',
          broadcaster_user_name: 'PixelForge',
          followed_at: iso(START + 5_000),
        },
      },
    ]);
  });

  it('followedChannels: newest first with the total; one broadcaster asked about; an unfollow seen; another user\'s list refused (401)', async () => {
    const { mock, client, broadcaster, moderator, viewer, other } = world;
    for (const channel of [broadcaster, moderator, other]) {
      world.advance(1_000);
      mock.channels.follow(viewer.id, channel.id);
    }
    const mine = client.as(viewer.id);
    const first = await followedChannels(mine);
    expect(first.data).toEqual([
      { broadcaster_id: other.id, broadcaster_login: 'northwind', broadcaster_name: 'Northwind', followed_at: iso(START + 3_000) },
      { broadcaster_id: moderator.id, broadcaster_login: 'mossmod', broadcaster_name: 'MossMod', followed_at: iso(START + 2_000) },
      { broadcaster_id: broadcaster.id, broadcaster_login: 'pixelforge', broadcaster_name: 'PixelForge', followed_at: iso(START + 1_000) },
    ]);
    expect(first.raw.total).toBe(3);
    expect(world.mock.requests.at(-1)?.query).toEqual({ user_id: viewer.id });

    const pages: string[][] = [];
    for await (const page of followedChannels(mine, { first: 2 }).pages()) pages.push(page.data.map((channel) => channel.broadcaster_login));
    expect(pages).toEqual([['northwind', 'mossmod'], ['pixelforge']]);

    const one = await followedChannels(mine, { broadcaster_id: broadcaster.id });
    expect(one.data.map((channel) => channel.broadcaster_id)).toEqual([broadcaster.id]);
    expect(one.raw.total).toBe(3);

    mock.channels.unfollow(viewer.id, broadcaster.id);
    await expect(followedChannels(mine, { broadcaster_id: broadcaster.id }).all()).resolves.toEqual([]);
    await expect(followedChannels(mine).total()).resolves.toBe(2);

    const others = await rejectionOf(followedChannels(mine, { user_id: broadcaster.id }));
    expect(others).toBeInstanceOf(PlatformApiError);
    expect(others.message).toBe("The ID in user_id must match the user ID found in the request's OAuth token. (401 on GET /channels/followed)");
  });

  it('refusals before anything is sent: the app token, a missing scope, a page size out of range', async () => {
    const { mock, client, broadcaster } = world;
    await world.register(world.moderator, ['channel:read:editors']);
    mock.clearRequests();
    const app = await rejectionOf(channelFollowers(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /channels/followers only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(followedChannels(client.as(world.moderator.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 200 is missing the user:read:follows scope required by GET /channels/followed.');
    const first = await rejectionOf(() => channelFollowers(client.as(broadcaster.id), { broadcaster_id: broadcaster.id, first: 101 }));
    expect(first.constructor).toBe(PlatformError);
    expect(first.message).toBe('The parameter first of channels.channelFollowers must be from 1 to 100; got 101.');
    expect(mock.requests).toHaveLength(0);
  });
});
