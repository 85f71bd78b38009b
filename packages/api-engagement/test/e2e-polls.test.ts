import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPoll, endPoll, polls, type Poll } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The polls group end to end: the client's operations over real sockets against the mock
 * platform, the state each call leaves seen by the next, and a whole poll driven by the events a
 * real EventSub WebSocket listener hears.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

const headsOrTails = { title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], duration: 60 };

describe('a whole poll, driven by its events', () => {
  it('begin -> the viewers vote -> the bot ends the poll once three viewers voted -> end names the winner', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const third = mock.addUser({ id: '302', login: 'latecomer', display_name: 'Latecomer' });
    const streamer = client.as(broadcaster.id);
    const listener = world.listen(broadcaster.id);
    const heard: string[] = [];
    const condition = { broadcaster_user_id: broadcaster.id };
    let ended: Poll | undefined;
    let winner: string | undefined;

    const handles = [
      listener.on('channel.poll.begin', condition, (event) => {
        heard.push(`begin ${event.title} (${event.choices.map((choice) => choice.title).join(' / ')}), ends ${event.ends_at}`);
        // The viewers see the poll and vote; the third buys two more votes with Channel Points.
        const [heads, tails] = event.choices;
        mock.polls.vote(broadcaster.id, { user_id: viewer.id, choice_id: heads!.id });
        mock.polls.vote(broadcaster.id, { user_id: fan.id, choice_id: tails!.id });
        mock.polls.vote(broadcaster.id, { user_id: third.id, choice_id: tails!.id, channel_points_votes: 2 });
      }),
      listener.on('channel.poll.progress', condition, async (event) => {
        const voters = event.choices.reduce((sum, choice) => sum + choice.votes - choice.channel_points_votes, 0);
        heard.push(`progress ${event.choices.map((choice) => `${choice.title} ${choice.votes}`).join(', ')}`);
        if (voters === 3) ended = await endPoll(streamer, { id: event.id, status: 'TERMINATED' });
      }),
      listener.on('channel.poll.end', condition, (event) => {
        const top = [...event.choices].sort((a, b) => b.votes - a.votes)[0]!;
        winner = `${top.title} with ${top.votes} votes`;
        heard.push(`end ${event.status}: ${winner}`);
      }),
    ];
    await Promise.all(handles.map((handle) => handle.ready));

    world.advance(5_000);
    const created = await createPoll(streamer, { ...headsOrTails, channel_points_voting_enabled: true, channel_points_per_vote: 100 });
    expect(created).toMatchObject({ status: 'ACTIVE', duration: 60, started_at: iso(START + 5_000), ended_at: null, channel_points_per_vote: 100 });
    await world.until(() => winner !== undefined, 'channel.poll.end');

    expect(heard).toEqual([
      `begin Heads or Tails? (Heads / Tails), ends ${iso(START + 65_000)}`,
      'progress Heads 1, Tails 0',
      'progress Heads 1, Tails 1',
      'progress Heads 1, Tails 4',
      'end terminated: Tails with 4 votes',
    ]);
    expect(ended).toMatchObject({ id: created.id, status: 'TERMINATED', ended_at: iso(START + 5_000) });
    expect(ended!.choices.map((choice) => [choice.title, choice.votes, choice.channel_points_votes, choice.bits_votes])).toEqual([
      ['Heads', 1, 0, 0],
      ['Tails', 4, 2, 0],
    ]);
    // Get Polls shows the same poll afterwards.
    const { data } = await polls(streamer, { id: created.id });
    expect(data).toEqual([ended]);
    expect(world.listenerErrors).toEqual([]);
  });

  it('a poll whose duration passes ends on its own: channel.poll.end with status completed, and Get Polls says COMPLETED', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const streamer = client.as(broadcaster.id);
    const listener = world.listen(broadcaster.id);
    const ends: { status: string; ended_at: string }[] = [];
    await listener.on('channel.poll.end', { broadcaster_user_id: broadcaster.id }, (event) => void ends.push({ status: event.status, ended_at: event.ended_at })).ready;

    const poll = await createPoll(streamer, { ...headsOrTails, duration: 15 });
    mock.polls.vote(broadcaster.id, { user_id: viewer.id, choice_id: poll.choices[0]!.id });
    world.advance(14_999);
    expect((await polls(streamer)).data[0]?.status).toBe('ACTIVE');
    world.advance(1);
    // Reading the polls lets the platform see the end that is due.
    const [completed] = (await polls(streamer)).data;
    expect(completed).toMatchObject({ id: poll.id, status: 'COMPLETED', ended_at: iso(START + 15_000) });
    expect(completed!.choices[0]!.votes).toBe(1);
    await world.until(() => ends.length === 1, 'channel.poll.end');
    expect(ends).toEqual([{ status: 'completed', ended_at: iso(START + 15_000) }]);
    // A completed poll can no longer be ended.
    const late = await rejectionOf(endPoll(streamer, { id: poll.id, status: 'ARCHIVED' }));
    expect(late).toBeInstanceOf(PlatformApiError);
    expect(late.message).toBe('The poll must be active to terminate or archive it. (400 on PATCH /polls)');
  });
});

describe('polls', () => {
  it('creates, lists and ends: one poll at a time, ARCHIVED kept in the list, broadcaster_id from the token', async () => {
    const { client, broadcaster } = world;
    const streamer = client.as(broadcaster.id);
    const first = await createPoll(streamer, { title: 'Which map next?', choices: [{ title: 'Docks' }, { title: 'Mill' }, { title: 'Lighthouse' }], duration: 1800 });
    expect(first).toMatchObject({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      title: 'Which map next?',
      bits_voting_enabled: false,
      bits_per_vote: 0,
      channel_points_voting_enabled: false,
      channel_points_per_vote: 0,
      status: 'ACTIVE',
      duration: 1800,
    });
    expect(first.choices.map((choice) => choice.title)).toEqual(['Docks', 'Mill', 'Lighthouse']);
    expect(world.mock.requests.at(-1)?.body).toEqual({ broadcaster_id: '100', title: 'Which map next?', choices: [{ title: 'Docks' }, { title: 'Mill' }, { title: 'Lighthouse' }], duration: 1800 });

    const second = await rejectionOf(createPoll(streamer, headsOrTails));
    expect(second).toBeInstanceOf(PlatformApiError);
    expect((second as PlatformApiError).status).toBe(400);
    expect(second.message).toBe("The broadcaster already has a poll that's running; you may not create another poll until the current poll completes. (400 on POST /polls)");

    world.advance(60_000);
    const archived = await endPoll(streamer, { id: first.id, status: 'ARCHIVED' });
    expect(archived).toMatchObject({ id: first.id, status: 'ARCHIVED', ended_at: iso(START + 60_000) });
    const next = await createPoll(streamer, headsOrTails);
    expect((await polls(streamer)).data.map((poll) => [poll.id, poll.status])).toEqual([
      [next.id, 'ACTIVE'],
      [first.id, 'ARCHIVED'],
    ]);
  });

  it('25 polls: paged newest first 10 at a time, and 25 IDs split into requests of 20 and 5, in the order given', async () => {
    const { client, mock, broadcaster } = world;
    const streamer = client.as(broadcaster.id);
    const created: Poll[] = [];
    for (let index = 0; index < 25; index++) {
      world.advance(60_000);
      const poll = await createPoll(streamer, { ...headsOrTails, title: `Poll ${index}` });
      await endPoll(streamer, { id: poll.id, status: 'TERMINATED' });
      created.push(poll);
    }
    mock.clearRequests();
    const pages: number[] = [];
    for await (const page of polls(streamer, { first: 10 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([10, 10, 5]);
    const newestFirst = await polls(streamer, { first: 10 }).all();
    expect(newestFirst.map((poll) => poll.title)).toEqual(created.map((poll) => poll.title).reverse());

    mock.clearRequests();
    // An order of our own: newest first, the newest moved to the end.
    const asked = created.map((poll) => poll.id).reverse();
    asked.push(asked.shift()!);
    const byId = await polls(streamer, { id: asked }).all();
    expect(byId.map((poll) => poll.id)).toEqual(asked);
    expect(mock.requests.map((request) => [request.path, [request.query.id ?? []].flat().length])).toEqual([
      ['/polls', 20],
      ['/polls', 5],
    ]);
  });

  it('IDs of another channel are ignored; none found is 404', async () => {
    const { client, broadcaster, hobbyist } = world;
    const theirs = await createPoll(client.as(hobbyist.id), headsOrTails);
    const ours = await createPoll(client.as(broadcaster.id), headsOrTails);
    expect((await polls(client.as(broadcaster.id), { id: [theirs.id, ours.id] })).data.map((poll) => poll.id)).toEqual([ours.id]);
    const none = await rejectionOf(polls(client.as(broadcaster.id), { id: [theirs.id] }));
    expect(none).toBeInstanceOf(PlatformApiError);
    expect((none as PlatformApiError).status).toBe(404);
    expect(none.message).toBe('None of the IDs in the id query parameters were found. (404 on GET /polls)');
  });

  it('refusals: the app token, a missing scope, another broadcaster, and limits before sending', async () => {
    const { client, broadcaster, viewer } = world;
    const app = await rejectionOf(createPoll(client.as('app'), { ...headsOrTails, broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('POST /polls only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(polls(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:polls or channel:manage:polls scope required by GET /polls.');
    const manage = await rejectionOf(endPoll(client.as(viewer.id), { id: 'x', status: 'TERMINATED' }));
    expect(manage).toBeInstanceOf(PlatformScopeError);
    expect(manage.message).toBe('The token of user 300 is missing the channel:manage:polls scope required by PATCH /polls.');
    expect(world.helixSent()).toEqual([]);

    // The platform requires broadcaster_id to be the token's user.
    const foreign = await rejectionOf(polls(client.as(broadcaster.id), { broadcaster_id: viewer.id }));
    expect(foreign).toBeInstanceOf(PlatformApiError);
    expect((foreign as PlatformApiError).status).toBe(401);

    const streamer = client.as(broadcaster.id);
    const limits: [string, () => PromiseLike<unknown>][] = [
      ['duration', () => createPoll(streamer, { ...headsOrTails, duration: 14 })],
      ['duration', () => createPoll(streamer, { ...headsOrTails, duration: 1801 })],
      ['choices', () => createPoll(streamer, { ...headsOrTails, choices: [{ title: 'Only' }] })],
      ['choices', () => createPoll(streamer, { ...headsOrTails, choices: [{ title: 'Heads' }, { title: 'x'.repeat(26) }] })],
      ['title', () => createPoll(streamer, { ...headsOrTails, title: 'x'.repeat(61) })],
      ['channel_points_per_vote', () => createPoll(streamer, { ...headsOrTails, channel_points_per_vote: 10 })],
      ['channel_points_per_vote', () => createPoll(streamer, { ...headsOrTails, channel_points_voting_enabled: true, channel_points_per_vote: 1_000_001 })],
      ['first', () => polls(streamer, { first: 21 })],
    ];
    for (const [name, call] of limits) {
      const refused = await rejectionOf(call);
      expect(refused.constructor).toBe(PlatformError);
      expect(refused.message).toContain(name);
    }
    expect(world.helixSent()).toEqual(['GET /polls']);

    // Channel Points voting without its price: the client leaves it to the platform, which finds no price in range.
    const unpriced = await rejectionOf(createPoll(streamer, { ...headsOrTails, channel_points_voting_enabled: true }));
    expect(unpriced).toBeInstanceOf(PlatformApiError);
    expect(unpriced.message).toBe('The parameter "channel_points_per_vote" must be a whole number from 1 to 1000000 (400 on POST /polls)');
  });
});
