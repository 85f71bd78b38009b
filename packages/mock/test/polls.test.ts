/**
 * The polls routes of the mock over real sockets (Get Polls, Create Poll, End Poll) and the
 * `mock.polls` controls: votes with Channel Points, the end on the mock's clock, one poll per
 * channel, the events raised, and the 400 / 401 / 404 of the reference.
 */
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, expectDeliverable, iso, setup, START, type Setup } from './engagement-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  if (t) expectDeliverable(t.events);
  await t?.close();
  t = undefined;
});
async function start(): Promise<Setup> {
  t = await setup();
  return t;
}

const pollBody = (s: Setup, extra: Record<string, unknown> = {}) => ({
  broadcaster_id: s.streamer.id,
  title: 'Heads or Tails?',
  choices: [{ title: 'Heads' }, { title: 'Tails' }],
  duration: 1800,
  ...extra,
});
const create = (s: Setup, extra: Record<string, unknown> = {}, token = s.tokens.streamer) => s.call('POST', '/polls', token, { body: pollBody(s, extra) });
const endPoll = (s: Setup, id: string, status: string, token = s.tokens.streamer) => s.call('PATCH', '/polls', token, { body: { broadcaster_id: s.streamer.id, id, status } });
const list = (s: Setup, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) => s.call('GET', '/polls', token, { query: { broadcaster_id: s.streamer.id, ...query } });

describe('Create Poll: POST /polls', () => {
  it('creates an active poll in the reference shape and raises channel.poll.begin', async () => {
    const s = await start();
    const answer = await create(s, { channel_points_voting_enabled: true, channel_points_per_vote: 100 });
    expect(answer.status).toBe(200);
    const poll = answer.body.data[0];
    expect(answer.body.data).toHaveLength(1);
    expect(poll).toEqual({
      id: expect.any(String),
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      title: 'Heads or Tails?',
      choices: [
        { id: expect.any(String), title: 'Heads', votes: 0, channel_points_votes: 0, bits_votes: 0 },
        { id: expect.any(String), title: 'Tails', votes: 0, channel_points_votes: 0, bits_votes: 0 },
      ],
      bits_voting_enabled: false,
      bits_per_vote: 0,
      channel_points_voting_enabled: true,
      channel_points_per_vote: 100,
      status: 'ACTIVE',
      duration: 1800,
      started_at: iso(START),
      ended_at: null,
    });
    expect(s.eventsOf('channel.poll.begin')).toEqual([
      {
        type: 'channel.poll.begin',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          id: poll.id,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          title: 'Heads or Tails?',
          choices: [
            { id: poll.choices[0].id, title: 'Heads' },
            { id: poll.choices[1].id, title: 'Tails' },
          ],
          bits_voting: { is_enabled: false, amount_per_vote: 0 },
          channel_points_voting: { is_enabled: true, amount_per_vote: 100 },
          started_at: iso(START),
          ends_at: iso(START + 1_800_000),
        },
      },
    ]);
  });

  it('runs one poll at a time per channel', async () => {
    const s = await start();
    expect((await create(s)).status).toBe(200);
    expect(await create(s)).toMatchObject({ status: 400, body: errorBody(400, /already has a poll that's running/) });
    // Another channel is not held up.
    const other = s.mock.addUser({ login: 'other', broadcaster_type: 'partner' });
    expect((await s.call('POST', '/polls', s.issue(other.id), { body: { ...pollBody(s), broadcaster_id: other.id } })).status).toBe(200);
  });

  it('takes channel_points_per_vote 0 when Channel Points voting is off, as a client may send it', async () => {
    const s = await start();
    const answer = await create(s, { channel_points_voting_enabled: false, channel_points_per_vote: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ channel_points_voting_enabled: false, channel_points_per_vote: 0 });
    await s.call('PATCH', '/polls', s.tokens.streamer, { body: { broadcaster_id: s.streamer.id, id: answer.body.data[0].id, status: 'ARCHIVED' } });
    // A cost sent with the voting off is ignored, but must still be a whole number in range.
    const ignored = await create(s, { channel_points_voting_enabled: false, channel_points_per_vote: 100 });
    expect(ignored.status).toBe(200);
    expect(ignored.body.data[0]).toMatchObject({ channel_points_voting_enabled: false, channel_points_per_vote: 0 });
    expect(await create(s, { channel_points_per_vote: -1 })).toMatchObject({ status: 400, body: errorBody(400, /"channel_points_per_vote" must be a whole number from 0 to 1000000/) });
  });

  it('checks every field as the reference says', async () => {
    const s = await start();
    const refused = async (extra: Record<string, unknown>, message: RegExp) => expect(await create(s, extra)).toMatchObject({ status: 400, body: errorBody(400, message) });
    await refused({ title: undefined }, /Missing required parameter "title"/);
    await refused({ choices: undefined }, /"choices"/);
    await refused({ duration: undefined }, /"duration"/);
    await refused({ title: 'x'.repeat(61) }, /"title" must be from 1 to 60/);
    await refused({ choices: [{ title: 'only' }] }, /less than 2 or greater than 5/);
    await refused({ choices: Array.from({ length: 6 }, (_, index) => ({ title: `c${index}` })) }, /less than 2 or greater than 5/);
    await refused({ choices: [{ title: 'a' }, { title: 'b'.repeat(26) }] }, /from 1 to 25/);
    await refused({ choices: [{ title: 'a' }, {}] }, /"title" string/);
    await refused({ duration: 14 }, /"duration" must be a whole number from 15 to 1800/);
    await refused({ duration: 1801 }, /from 15 to 1800/);
    await refused({ duration: 60.5 }, /from 15 to 1800/);
    await refused({ channel_points_voting_enabled: true }, /"channel_points_per_vote" must be a whole number from 1 to 1000000/);
    await refused({ channel_points_voting_enabled: true, channel_points_per_vote: 1_000_001 }, /from 1 to 1000000/);
    await refused({ channel_points_voting_enabled: 'yes' }, /"channel_points_voting_enabled" must be true or false/);
    // Emoji count as one character each.
    expect((await create(s, { title: '🎲'.repeat(60) })).status).toBe(200);
    expect(s.eventsOf('channel.poll.begin')).toHaveLength(1);
  });

  it('takes a user token with channel:manage:polls, for the broadcaster in broadcaster_id', async () => {
    const s = await start();
    expect(await create(s, {}, s.tokens.app)).toMatchObject({ status: 401, body: errorBody(401, 'User access token is required.') });
    expect(await create(s, {}, s.issue(s.streamer.id, ['channel:read:polls']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:manage:polls') });
    expect(await create(s, {}, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect((await s.call('POST', '/polls', undefined, { body: pollBody(s) })).status).toBe(401);
    expect(s.events).toEqual([]);
  });
});

describe('mock.polls.vote()', () => {
  it('counts a free vote and Channel Points votes, raises channel.poll.progress, and Get Polls shows them', async () => {
    const s = await start();
    const poll = (await create(s, { channel_points_voting_enabled: true, channel_points_per_vote: 50 })).body.data[0];
    const [heads, tails] = poll.choices;
    s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: heads.id });
    s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: tails.id, channel_points_votes: 3 });
    const after = s.mock.polls.vote(s.streamer.id, { user_id: s.fan.id, choice_id: tails.id, channel_points_votes: 2 });
    expect(after.choices.map((choice) => [choice.votes, choice.channel_points_votes])).toEqual([
      [1, 0],
      [6, 5],
    ]);
    const progress = s.eventsOf('channel.poll.progress');
    expect(progress).toHaveLength(3);
    expect(progress[2]!.event).toMatchObject({
      id: poll.id,
      choices: [
        { id: heads.id, title: 'Heads', bits_votes: 0, channel_points_votes: 0, votes: 1 },
        { id: tails.id, title: 'Tails', bits_votes: 0, channel_points_votes: 5, votes: 6 },
      ],
      channel_points_voting: { is_enabled: true, amount_per_vote: 50 },
      started_at: iso(START),
      ends_at: iso(START + 1_800_000),
    });
    const listed = (await list(s)).body.data[0];
    expect(listed.choices).toEqual([
      { id: heads.id, title: 'Heads', votes: 1, channel_points_votes: 0, bits_votes: 0 },
      { id: tails.id, title: 'Tails', votes: 6, channel_points_votes: 5, bits_votes: 0 },
    ]);
  });

  it('refuses what the platform refuses', async () => {
    const s = await start();
    expect(() => s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: 'x' })).toThrow(/no active poll/);
    const poll = (await create(s)).body.data[0];
    const choice = poll.choices[0].id as string;
    expect(() => s.mock.polls.vote(s.streamer.id, { user_id: 'nobody', choice_id: choice })).toThrow(/No user nobody/);
    expect(() => s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: 'nope' })).toThrow(/no choice nope/);
    expect(() => s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: choice, channel_points_votes: 1 })).toThrow(/does not take Channel Points votes/);
    s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: choice });
    expect(() => s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: choice })).toThrow(/already cast their free vote/);
    expect(s.eventsOf('channel.poll.progress')).toHaveLength(1);
  });
});

describe('the end of a poll', () => {
  it('completes when its duration has passed on the mock clock and raises channel.poll.end with status completed', async () => {
    const s = await start();
    const poll = (await create(s, { duration: 15 })).body.data[0];
    s.mock.polls.vote(s.streamer.id, { user_id: s.viewer.id, choice_id: poll.choices[1].id });
    s.advance(14_999);
    expect(s.mock.polls.settle()).toBe(0);
    expect(s.eventsOf('channel.poll.end')).toEqual([]);
    s.advance(1);
    // A read route settles first: the poll shows as completed at its scheduled end.
    const listed = (await list(s)).body.data[0];
    expect(listed).toMatchObject({ id: poll.id, status: 'COMPLETED', ended_at: iso(START + 15_000) });
    expect(s.eventsOf('channel.poll.end')).toEqual([
      {
        type: 'channel.poll.end',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: expect.objectContaining({
          id: poll.id,
          status: 'completed',
          choices: [
            { id: poll.choices[0].id, title: 'Heads', bits_votes: 0, channel_points_votes: 0, votes: 0 },
            { id: poll.choices[1].id, title: 'Tails', bits_votes: 0, channel_points_votes: 0, votes: 1 },
          ],
          started_at: iso(START),
          ended_at: iso(START + 15_000),
        }),
      },
    ]);
    expect(s.eventsOf('channel.poll.end')[0]!.event).not.toHaveProperty('ends_at');
    // The channel may run the next one.
    expect((await create(s)).status).toBe(200);
  });

  it('ends on its timer, without another call, soon after the mock clock passed its end', async () => {
    const s = await start();
    await create(s, { duration: 15 });
    s.advance(15_000);
    await vi.waitFor(() => expect(s.eventsOf('channel.poll.end')).toHaveLength(1), { timeout: 2000 });
  });

  it('End Poll terminates or archives an active poll (channel.poll.end), and only an active one', async () => {
    const s = await start();
    const first = (await create(s)).body.data[0];
    s.advance(60_000);
    const ended = await endPoll(s, first.id, 'TERMINATED');
    expect(ended).toMatchObject({ status: 200, body: { data: [{ id: first.id, status: 'TERMINATED', ended_at: iso(START + 60_000) }] } });
    expect(s.eventsOf('channel.poll.end').map((event) => (event.event as { status: string }).status)).toEqual(['terminated']);
    expect(await endPoll(s, first.id, 'ARCHIVED')).toMatchObject({ status: 400, body: errorBody(400, 'The poll must be active to terminate or archive it.') });

    const second = (await create(s)).body.data[0];
    expect((await endPoll(s, second.id, 'ARCHIVED')).body.data[0].status).toBe('ARCHIVED');
    expect(s.eventsOf('channel.poll.end').map((event) => (event.event as { status: string }).status)).toEqual(['terminated', 'archived']);
    // An ended poll is not ended again by its old deadline.
    s.advance(3_600_000);
    expect(s.mock.polls.settle()).toBe(0);
    expect(s.eventsOf('channel.poll.end')).toHaveLength(2);
  });

  it('End Poll refuses a bad status, a missing field, another channel and the wrong token', async () => {
    const s = await start();
    const poll = (await create(s)).body.data[0];
    expect(await endPoll(s, poll.id, 'COMPLETED')).toMatchObject({ status: 400, body: errorBody(400, /"status" field is not valid: it must be one of TERMINATED, ARCHIVED/) });
    expect(await endPoll(s, poll.id, 'terminated')).toMatchObject({ status: 400 });
    expect(await s.call('PATCH', '/polls', s.tokens.streamer, { body: { broadcaster_id: s.streamer.id, status: 'TERMINATED' } })).toMatchObject({ status: 400, body: errorBody(400, /"id"/) });
    expect(await endPoll(s, 'unknown', 'TERMINATED')).toMatchObject({ status: 400 });
    expect(await endPoll(s, poll.id, 'TERMINATED', s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await endPoll(s, poll.id, 'TERMINATED', s.issue(s.streamer.id, ['channel:read:polls']))).toMatchObject({ status: 401 });
    expect(s.mock.polls.active(s.streamer.id)?.status).toBe('ACTIVE');
  });
});

describe('Get Polls: GET /polls', () => {
  it('lists the newest first, pages by 20 at most, and filters by id in the order given', async () => {
    const s = await start();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push((await create(s, { title: `Poll ${index}` })).body.data[0].id);
      s.advance(1000);
      await endPoll(s, ids[index]!, 'TERMINATED');
    }
    const all = await list(s);
    expect(all.body.data.map((poll: { id: string }) => poll.id)).toEqual([...ids].reverse());
    expect(all.body.pagination).toEqual({});
    const first = await list(s, { first: '2' });
    expect(first.body.data.map((poll: { id: string }) => poll.id)).toEqual([ids[2], ids[1]]);
    const next = await list(s, { first: '2', after: first.body.pagination.cursor });
    expect(next.body.data.map((poll: { id: string }) => poll.id)).toEqual([ids[0]]);
    expect(await list(s, { first: '21' })).toMatchObject({ status: 400, body: errorBody(400, /"first".*less than or equal to 20/) });
    // By ID: in the order given, duplicates and unknown IDs ignored.
    expect((await list(s, { id: [ids[0]!, 'nope', ids[2]!, ids[0]!] })).body.data.map((poll: { id: string }) => poll.id)).toEqual([ids[0], ids[2]]);
    expect(await list(s, { id: 'nope' })).toMatchObject({ status: 404, body: errorBody(404, /None of the IDs/) });
    expect(await list(s, { id: Array.from({ length: 21 }, (_, index) => `p${index}`) })).toMatchObject({ status: 400, body: errorBody(400, /at most 20 times/) });
  });

  it("shows only the broadcaster's own polls, for 90 days", async () => {
    const s = await start();
    const poll = (await create(s)).body.data[0];
    const viewerToken = s.tokens.viewer;
    expect((await s.call('GET', '/polls', viewerToken, { query: { broadcaster_id: s.viewer.id } })).body.data).toEqual([]);
    expect((await s.call('GET', '/polls', viewerToken, { query: { broadcaster_id: s.viewer.id, id: poll.id } })).status).toBe(404);
    s.advance(90 * 24 * 3_600_000 - 1);
    expect((await list(s)).body.data).toHaveLength(1);
    s.advance(1);
    expect((await list(s)).body.data).toEqual([]);
  });

  it('takes channel:read:polls or channel:manage:polls, for the broadcaster only', async () => {
    const s = await start();
    expect((await list(s, {}, s.issue(s.streamer.id, ['channel:read:polls']))).status).toBe(200);
    expect((await list(s, {}, s.issue(s.streamer.id, ['channel:manage:polls']))).status).toBe(200);
    expect(await list(s, {}, s.issue(s.streamer.id, ['bits:read']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:polls or channel:manage:polls') });
    expect((await list(s, {}, s.tokens.app)).status).toBe(401);
    expect(await list(s, {}, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await s.call('GET', '/polls', s.tokens.streamer)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "broadcaster_id"') });
  });
});

describe('delivery', () => {
  it('delivers channel.poll.begin to a WebSocket subscription of the broadcaster', async () => {
    const s = await start();
    const socket = new WebSocket(s.mock.eventSubWsUrl);
    const frames: { metadata: { message_type: string }; payload: { session?: { id: string }; event?: Record<string, unknown> } }[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    const arrived = (type: string) => vi.waitFor(() => {
      const frame = frames.find((each) => each.metadata.message_type === type);
      if (!frame) throw new Error(`no ${type} frame`);
      return frame;
    });
    try {
      const welcome = await arrived('session_welcome');
      const created = await s.call('POST', '/eventsub/subscriptions', s.tokens.streamer, {
        body: { type: 'channel.poll.begin', version: '1', condition: { broadcaster_user_id: s.streamer.id }, transport: { method: 'websocket', session_id: welcome.payload.session!.id } },
      });
      expect(created.status).toBe(202);
      const poll = (await create(s)).body.data[0];
      const notification = await arrived('notification');
      expect(notification.payload.event).toMatchObject({ id: poll.id, broadcaster_user_id: s.streamer.id, title: 'Heads or Tails?' });
    } finally {
      socket.terminate();
    }
  });
});
