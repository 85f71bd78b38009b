/**
 * The predictions routes of the mock over real sockets (Get Predictions, Create Prediction, End
 * Prediction) and the `mock.predictions` controls: bets, the lock when the window passes on the
 * mock's clock, resolution with winnings, cancellation, the platform's cancel after 24 hours, and
 * the events raised.
 */
import { afterEach, describe, expect, it } from 'vitest';
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

const DAY = 24 * 3_600_000;
const create = (s: Setup, extra: Record<string, unknown> = {}, token = s.tokens.streamer) =>
  s.call('POST', '/predictions', token, {
    body: { broadcaster_id: s.streamer.id, title: 'Any leeks in the stream?', outcomes: [{ title: 'Yes, give it time.' }, { title: 'Definitely not.' }], prediction_window: 120, ...extra },
  });
const endPrediction = (s: Setup, body: Record<string, unknown>, token = s.tokens.streamer) => s.call('PATCH', '/predictions', token, { body: { broadcaster_id: s.streamer.id, ...body } });
const list = (s: Setup, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) => s.call('GET', '/predictions', token, { query: { broadcaster_id: s.streamer.id, ...query } });

describe('Create Prediction: POST /predictions', () => {
  it('creates an active prediction (BLUE and PINK for two outcomes) and raises channel.prediction.begin', async () => {
    const s = await start();
    const answer = await create(s);
    expect(answer.status).toBe(200);
    const prediction = answer.body.data[0];
    expect(prediction).toEqual({
      id: expect.any(String),
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      title: 'Any leeks in the stream?',
      winning_outcome_id: null,
      outcomes: [
        { id: expect.any(String), title: 'Yes, give it time.', users: 0, channel_points: 0, top_predictors: null, color: 'BLUE' },
        { id: expect.any(String), title: 'Definitely not.', users: 0, channel_points: 0, top_predictors: null, color: 'PINK' },
      ],
      prediction_window: 120,
      status: 'ACTIVE',
      created_at: iso(START),
      ended_at: null,
      locked_at: null,
    });
    expect(s.eventsOf('channel.prediction.begin')).toEqual([
      {
        type: 'channel.prediction.begin',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          id: prediction.id,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          title: 'Any leeks in the stream?',
          outcomes: [
            { id: prediction.outcomes[0].id, title: 'Yes, give it time.', color: 'blue' },
            { id: prediction.outcomes[1].id, title: 'Definitely not.', color: 'pink' },
          ],
          started_at: iso(START),
          locks_at: iso(START + 120_000),
        },
      },
    ]);
    // More than two outcomes are all BLUE; one prediction runs at a time.
    expect(await create(s)).toMatchObject({ status: 400, body: errorBody(400, /already has a prediction that's running/) });
    await endPrediction(s, { id: prediction.id, status: 'CANCELED' });
    const three = await create(s, { outcomes: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] });
    expect(three.body.data[0].outcomes.map((outcome: { color: string }) => outcome.color)).toEqual(['BLUE', 'BLUE', 'BLUE']);
  });

  it('checks every field as the reference says, and the token', async () => {
    const s = await start();
    const refused = async (extra: Record<string, unknown>, message: RegExp) => expect(await create(s, extra)).toMatchObject({ status: 400, body: errorBody(400, message) });
    await refused({ title: undefined }, /"title"/);
    await refused({ outcomes: undefined }, /"outcomes"/);
    await refused({ prediction_window: undefined }, /"prediction_window"/);
    await refused({ title: 'x'.repeat(46) }, /"title" must be from 1 to 45/);
    await refused({ outcomes: [{ title: 'one' }] }, /from 2 to 10 outcomes/);
    await refused({ outcomes: Array.from({ length: 11 }, (_, index) => ({ title: `o${index}` })) }, /from 2 to 10 outcomes/);
    await refused({ outcomes: [{ title: 'a' }, { title: 'b'.repeat(26) }] }, /from 1 to 25/);
    await refused({ prediction_window: 29 }, /"prediction_window" must be a whole number from 30 to 1800/);
    await refused({ prediction_window: 1801 }, /from 30 to 1800/);
    expect(await create(s, {}, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await create(s, {}, s.issue(s.streamer.id, ['channel:read:predictions']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:manage:predictions') });
    expect((await create(s, {}, s.tokens.app)).status).toBe(401);
    expect(s.events).toEqual([]);
  });
});

describe('bets, lock and resolution', () => {
  it('takes bets (channel.prediction.progress), locks when the window passes, resolves with winnings', async () => {
    const s = await start();
    const prediction = (await create(s)).body.data[0];
    const [yes, no] = prediction.outcomes;
    const other = s.mock.addUser({ login: 'Other' });
    s.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: yes.id, channel_points: 1000 });
    s.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: yes.id, channel_points: 500 });
    s.mock.predictions.bet(s.streamer.id, { user_id: s.fan.id, outcome_id: yes.id, channel_points: 500 });
    s.mock.predictions.bet(s.streamer.id, { user_id: other.id, outcome_id: no.id, channel_points: 2000 });
    expect(() => s.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: no.id, channel_points: 1 })).toThrow(/one outcome only/);
    const progress = s.eventsOf('channel.prediction.progress');
    expect(progress).toHaveLength(4);
    expect(progress[3]!.event).toEqual({
      id: prediction.id,
      broadcaster_user_id: s.streamer.id,
      broadcaster_user_login: 'streamer',
      broadcaster_user_name: 'Streamer',
      title: 'Any leeks in the stream?',
      outcomes: [
        {
          id: yes.id,
          title: 'Yes, give it time.',
          color: 'blue',
          users: 2,
          channel_points: 2000,
          top_predictors: [
            { user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', channel_points_used: 1500, channel_points_won: null },
            { user_id: s.fan.id, user_login: 'fan', user_name: 'Fan', channel_points_used: 500, channel_points_won: null },
          ],
        },
        { id: no.id, title: 'Definitely not.', color: 'pink', users: 1, channel_points: 2000, top_predictors: [expect.objectContaining({ user_id: other.id, channel_points_used: 2000 })] },
      ],
      started_at: iso(START),
      locks_at: iso(START + 120_000),
    });

    s.advance(120_000);
    const locked = (await list(s)).body.data[0];
    expect(locked).toMatchObject({ status: 'LOCKED', locked_at: iso(START + 120_000), ended_at: null });
    expect(s.eventsOf('channel.prediction.lock')).toHaveLength(1);
    expect(s.eventsOf('channel.prediction.lock')[0]!.event).toMatchObject({ id: prediction.id, locked_at: iso(START + 120_000), started_at: iso(START) });
    expect(() => s.mock.predictions.bet(s.streamer.id, { user_id: s.fan.id, outcome_id: yes.id, channel_points: 5 })).toThrow(/it is locked/);

    s.advance(60_000);
    const resolved = await endPrediction(s, { id: prediction.id, status: 'RESOLVED', winning_outcome_id: yes.id });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data[0]).toMatchObject({ status: 'RESOLVED', winning_outcome_id: yes.id, ended_at: iso(START + 180_000), locked_at: iso(START + 120_000) });
    // The winners share the 4000 points staked in proportion: 1500 → 3000, 500 → 1000.
    expect(resolved.body.data[0].outcomes[0].top_predictors.map((each: { channel_points_won: number }) => each.channel_points_won)).toEqual([3000, 1000]);
    expect(resolved.body.data[0].outcomes[1].top_predictors[0].channel_points_won).toBe(0);
    const end = s.eventsOf('channel.prediction.end');
    expect(end).toHaveLength(1);
    expect(end[0]!.event).toMatchObject({ id: prediction.id, winning_outcome_id: yes.id, status: 'resolved', started_at: iso(START), ended_at: iso(START + 180_000) });
    expect((end[0]!.event as { outcomes: { top_predictors: { channel_points_won: number }[] }[] }).outcomes[0]!.top_predictors[0]!.channel_points_won).toBe(3000);
    // Nothing more happens to it.
    s.advance(2 * DAY);
    expect(s.mock.predictions.settle()).toBe(0);
    expect(s.mock.predictions.get(prediction.id)?.status).toBe('RESOLVED');
  });

  it('locks by End Prediction (LOCKED), cancels with refunds (winning_outcome_id null), and follows the reference transitions', async () => {
    const s = await start();
    const prediction = (await create(s)).body.data[0];
    s.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: prediction.outcomes[1].id, channel_points: 300 });
    s.advance(10_000);
    expect((await endPrediction(s, { id: prediction.id, status: 'LOCKED' })).body.data[0]).toMatchObject({ status: 'LOCKED', locked_at: iso(START + 10_000) });
    expect(await endPrediction(s, { id: prediction.id, status: 'LOCKED' })).toMatchObject({ status: 400, body: errorBody(400, /to LOCKED, its current status must be ACTIVE/) });
    // The window passing does not lock it again.
    s.advance(200_000);
    expect(s.eventsOf('channel.prediction.lock')).toHaveLength(1);
    const canceled = await endPrediction(s, { id: prediction.id, status: 'CANCELED' });
    expect(canceled.body.data[0]).toMatchObject({ status: 'CANCELED', winning_outcome_id: null });
    expect(canceled.body.data[0].outcomes[1].top_predictors[0].channel_points_won).toBe(0);
    expect(s.eventsOf('channel.prediction.end')[0]!.event).toMatchObject({ status: 'canceled', winning_outcome_id: null });
    expect(await endPrediction(s, { id: prediction.id, status: 'RESOLVED', winning_outcome_id: prediction.outcomes[0].id })).toMatchObject({
      status: 400,
      body: errorBody(400, /to RESOLVED or CANCELED, its current status must be ACTIVE or LOCKED/),
    });
  });

  it('is canceled by the platform 24 hours after its window when left unresolved', async () => {
    const s = await start();
    const prediction = (await create(s)).body.data[0];
    s.advance(120_000 + DAY - 1);
    expect(s.mock.predictions.running(s.streamer.id)?.status).toBe('LOCKED');
    s.advance(1);
    expect(s.mock.predictions.running(s.streamer.id)).toBeUndefined();
    expect(s.mock.predictions.get(prediction.id)).toMatchObject({ status: 'CANCELED', ended_at: START + 120_000 + DAY });
    expect(s.eventsOf('channel.prediction.end').map((event) => (event.event as { status: string }).status)).toEqual(['canceled']);
  });

  it('End Prediction refuses bad input with the reference codes', async () => {
    const s = await start();
    const prediction = (await create(s)).body.data[0];
    expect(await endPrediction(s, { id: prediction.id, status: 'RESOLVED' })).toMatchObject({ status: 400, body: errorBody(400, /winning_outcome_id field is required/) });
    expect(await endPrediction(s, { id: prediction.id, status: 'ENDED' })).toMatchObject({ status: 400, body: errorBody(400, /RESOLVED, CANCELED, LOCKED/) });
    expect(await endPrediction(s, { id: prediction.id })).toMatchObject({ status: 400, body: errorBody(400, /"status"/) });
    expect(await endPrediction(s, { id: 'nope', status: 'CANCELED' })).toMatchObject({ status: 404, body: errorBody(404, 'The prediction in the id field was not found.') });
    expect(await endPrediction(s, { id: prediction.id, status: 'RESOLVED', winning_outcome_id: 'nope' })).toMatchObject({ status: 404, body: errorBody(404, /winning_outcome_id field was not found/) });
    expect(await endPrediction(s, { id: prediction.id, status: 'CANCELED' }, s.tokens.viewer)).toMatchObject({ status: 401 });
    expect(s.mock.predictions.running(s.streamer.id)?.status).toBe('ACTIVE');
  });
});

describe('Get Predictions: GET /predictions', () => {
  it('lists the newest first, pages by up to 25, filters by id, and takes the read or manage scope', async () => {
    const s = await start();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const id = (await create(s, { title: `P${index}` })).body.data[0].id as string;
      ids.push(id);
      await endPrediction(s, { id, status: 'CANCELED' });
      s.advance(1000);
    }
    expect((await list(s)).body.data.map((each: { id: string }) => each.id)).toEqual([...ids].reverse());
    const first = await list(s, { first: '1' });
    expect(first.body.data.map((each: { id: string }) => each.id)).toEqual([ids[2]]);
    expect((await list(s, { first: '1', after: first.body.pagination.cursor })).body.data.map((each: { id: string }) => each.id)).toEqual([ids[1]]);
    expect(await list(s, { first: '26' })).toMatchObject({ status: 400, body: errorBody(400, /less than or equal to 25/) });
    expect((await list(s, { id: [ids[0]!, ids[0]!, 'nope'] })).body.data.map((each: { id: string }) => each.id)).toEqual([ids[0]]);
    expect((await list(s, { id: 'nope' })).body.data).toEqual([]);
    expect(await list(s, { id: Array.from({ length: 26 }, (_, index) => `p${index}`) })).toMatchObject({ status: 400, body: errorBody(400, /at most 25 times/) });
    expect((await list(s, {}, s.issue(s.streamer.id, ['channel:read:predictions']))).status).toBe(200);
    expect(await list(s, {}, s.issue(s.streamer.id, ['channel:read:polls']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:predictions or channel:manage:predictions') });
    expect((await list(s, {}, s.tokens.viewer)).status).toBe(401);
    expect((await s.call('GET', '/predictions', s.tokens.viewer, { query: { broadcaster_id: s.viewer.id } })).body.data).toEqual([]);
  });
});
