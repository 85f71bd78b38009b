import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPrediction, endPrediction, predictions, type Prediction } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The predictions group end to end: the client's operations over real sockets against the mock
 * platform, the state each call leaves seen by the next, and a whole prediction driven by the
 * events a real EventSub WebSocket listener hears.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

const pizza = { title: 'Will I finish the pizza?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 120 };

describe('a whole prediction, driven by its events', () => {
  it('begin -> bets -> the bot locks it once three viewers bet -> lock -> resolved with the outcome that has most points -> end pays the winners', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const third = mock.addUser({ id: '302', login: 'latecomer', display_name: 'Latecomer' });
    const streamer = client.as(broadcaster.id);
    const listener = world.listen(broadcaster.id);
    const condition = { broadcaster_user_id: broadcaster.id };
    const heard: string[] = [];
    const changes: Prediction[] = [];
    let paid: Record<string, number | null> | undefined;

    const handles = [
      listener.on('channel.prediction.begin', condition, (event) => {
        heard.push(`begin ${event.title} (${event.outcomes.map((outcome) => `${outcome.title} ${outcome.color}`).join(' / ')}), locks ${event.locks_at}`);
        const [yes, no] = event.outcomes;
        mock.predictions.bet(broadcaster.id, { user_id: viewer.id, outcome_id: yes!.id, channel_points: 500 });
        mock.predictions.bet(broadcaster.id, { user_id: fan.id, outcome_id: no!.id, channel_points: 300 });
        mock.predictions.bet(broadcaster.id, { user_id: third.id, outcome_id: yes!.id, channel_points: 200 });
      }),
      listener.on('channel.prediction.progress', condition, async (event) => {
        const users = event.outcomes.reduce((sum, outcome) => sum + outcome.users, 0);
        heard.push(`progress ${event.outcomes.map((outcome) => `${outcome.title} ${outcome.channel_points}`).join(', ')}`);
        if (users === 3) changes.push(await endPrediction(streamer, { id: event.id, status: 'LOCKED' }));
      }),
      listener.on('channel.prediction.lock', condition, async (event) => {
        const favourite = [...event.outcomes].sort((a, b) => b.channel_points - a.channel_points)[0]!;
        heard.push(`lock at ${event.locked_at}; resolving with ${favourite.title}`);
        changes.push(await endPrediction(streamer, { id: event.id, status: 'RESOLVED', winning_outcome_id: favourite.id }));
      }),
      listener.on('channel.prediction.end', condition, (event) => {
        const winner = event.outcomes.find((outcome) => outcome.id === event.winning_outcome_id);
        heard.push(`end ${event.status}: ${winner?.title ?? 'no winner'}`);
        paid = Object.fromEntries(event.outcomes.flatMap((outcome) => outcome.top_predictors.map((predictor) => [predictor.user_login, predictor.channel_points_won])));
      }),
    ];
    await Promise.all(handles.map((handle) => handle.ready));

    const created = await createPrediction(streamer, pizza);
    expect(created).toMatchObject({ status: 'ACTIVE', winning_outcome_id: null, prediction_window: 120, created_at: iso(START), ended_at: null, locked_at: null });
    await world.until(() => paid !== undefined, 'channel.prediction.end');

    expect(heard).toEqual([
      `begin Will I finish the pizza? (Yes blue / No pink), locks ${iso(START + 120_000)}`,
      'progress Yes 500, No 0',
      'progress Yes 500, No 300',
      'progress Yes 700, No 300',
      `lock at ${iso(START)}; resolving with Yes`,
      'end resolved: Yes',
    ]);
    // The winners share the 1000 points staked in proportion to their stakes.
    expect(paid).toEqual({ quietfox: 714, latecomer: 285, mossfan: 0 });
    expect(changes.map((change) => change.status)).toEqual(['LOCKED', 'RESOLVED']);
    const [resolved] = (await predictions(streamer, { id: created.id })).data;
    expect(resolved).toEqual(changes[1]);
    expect(resolved).toMatchObject({ status: 'RESOLVED', winning_outcome_id: created.outcomes[0]!.id, locked_at: iso(START), ended_at: iso(START) });
    expect(resolved!.outcomes.map((outcome) => [outcome.title, outcome.users, outcome.channel_points, outcome.color])).toEqual([
      ['Yes', 2, 700, 'BLUE'],
      ['No', 1, 300, 'PINK'],
    ]);
    expect(resolved!.outcomes[0]!.top_predictors).toEqual([
      { user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', channel_points_used: 500, channel_points_won: 714 },
      { user_id: third.id, user_login: 'latecomer', user_name: 'Latecomer', channel_points_used: 200, channel_points_won: 285 },
    ]);
    expect(world.listenerErrors).toEqual([]);
  });

  it('the window passing locks it (channel.prediction.lock), and the bot cancels it: the points go back', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const streamer = client.as(broadcaster.id);
    const listener = world.listen(broadcaster.id);
    const ends: { status: string; winner: string | null }[] = [];
    await Promise.all([
      listener.on('channel.prediction.lock', { broadcaster_user_id: broadcaster.id }, async (event) => {
        await endPrediction(streamer, { id: event.id, status: 'CANCELED' });
      }).ready,
      listener.on('channel.prediction.end', { broadcaster_user_id: broadcaster.id }, (event) => void ends.push({ status: event.status, winner: event.winning_outcome_id })).ready,
    ]);
    const created = await createPrediction(streamer, { ...pizza, prediction_window: 30 });
    mock.predictions.bet(broadcaster.id, { user_id: viewer.id, outcome_id: created.outcomes[1]!.id, channel_points: 50 });
    // While it takes bets, nobody has won anything yet.
    const [active] = (await predictions(streamer)).data;
    expect(active!.outcomes[1]!.top_predictors).toEqual([{ user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', channel_points_used: 50, channel_points_won: 0 }]);
    expect(active!.outcomes[0]!.top_predictors).toBeNull();

    world.advance(30_000);
    mock.predictions.settle();
    await world.until(() => ends.length === 1, 'channel.prediction.end');
    expect(ends).toEqual([{ status: 'canceled', winner: null }]);
    const [canceled] = (await predictions(streamer)).data;
    expect(canceled).toMatchObject({ status: 'CANCELED', winning_outcome_id: null, locked_at: iso(START + 30_000), ended_at: iso(START + 30_000) });
    expect(world.listenerErrors).toEqual([]);
  });
});

describe('predictions', () => {
  it('one running at a time; LOCKED only from ACTIVE; unresolved 24 hours after the window, the platform cancels it', async () => {
    const { client, broadcaster } = world;
    const streamer = client.as(broadcaster.id);
    const created = await createPrediction(streamer, { title: 'Boss on the first try?', outcomes: [{ title: 'Yes' }, { title: 'No' }, { title: 'Two tries' }], prediction_window: 1800 });
    expect(created.outcomes.map((outcome) => outcome.color)).toEqual(['BLUE', 'BLUE', 'BLUE']);
    expect(world.mock.requests.at(-1)?.body).toEqual({
      broadcaster_id: '100',
      title: 'Boss on the first try?',
      outcomes: [{ title: 'Yes' }, { title: 'No' }, { title: 'Two tries' }],
      prediction_window: 1800,
    });
    const second = await rejectionOf(createPrediction(streamer, pizza));
    expect(second).toBeInstanceOf(PlatformApiError);
    expect(second.message).toBe("The broadcaster already has a prediction that's running; you may not create another prediction until the current prediction is resolved or canceled. (400 on POST /predictions)");

    world.advance(60_000);
    const locked = await endPrediction(streamer, { id: created.id, status: 'LOCKED' });
    expect(locked).toMatchObject({ status: 'LOCKED', locked_at: iso(START + 60_000), ended_at: null });
    const again = await rejectionOf(endPrediction(streamer, { id: created.id, status: 'LOCKED' }));
    expect(again.message).toBe("To update the prediction's status to LOCKED, its current status must be ACTIVE. (400 on PATCH /predictions)");
    // Still running while locked.
    expect((await rejectionOf(createPrediction(streamer, pizza))).message).toContain("already has a prediction that's running");

    world.advance(1800_000 - 60_000 + 24 * 3600_000);
    const [canceled] = (await predictions(streamer)).data;
    expect(canceled).toMatchObject({ id: created.id, status: 'CANCELED', ended_at: iso(START + 1800_000 + 24 * 3600_000) });
    const late = await rejectionOf(endPrediction(streamer, { id: created.id, status: 'RESOLVED', winning_outcome_id: created.outcomes[0]!.id }));
    expect(late.message).toBe("To update the prediction's status to RESOLVED or CANCELED, its current status must be ACTIVE or LOCKED. (400 on PATCH /predictions)");
    await expect(createPrediction(streamer, pizza)).resolves.toMatchObject({ status: 'ACTIVE' });
  });

  it('unknown prediction or outcome: 404', async () => {
    const streamer = world.client.as(world.broadcaster.id);
    const created = await createPrediction(streamer, pizza);
    const unknown = await rejectionOf(endPrediction(streamer, { id: 'no-such-prediction', status: 'CANCELED' }));
    expect(unknown).toBeInstanceOf(PlatformApiError);
    expect(unknown.message).toBe('The prediction in the id field was not found. (404 on PATCH /predictions)');
    const outcome = await rejectionOf(endPrediction(streamer, { id: created.id, status: 'RESOLVED', winning_outcome_id: 'no-such-outcome' }));
    expect(outcome.message).toBe('The outcome in the winning_outcome_id field was not found. (404 on PATCH /predictions)');
  });

  it('30 predictions: paged newest first, and 30 IDs split into requests of 25 and 5', async () => {
    const { client, mock, broadcaster } = world;
    const streamer = client.as(broadcaster.id);
    const created: Prediction[] = [];
    for (let index = 0; index < 30; index++) {
      world.advance(60_000);
      const prediction = await createPrediction(streamer, { ...pizza, title: `Prediction ${index}` });
      await endPrediction(streamer, { id: prediction.id, status: 'CANCELED' });
      created.push(prediction);
    }
    mock.clearRequests();
    const pages: number[] = [];
    for await (const page of predictions(streamer, { first: 25 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([25, 5]);
    expect((await predictions(streamer).all()).map((prediction) => prediction.title)).toEqual(created.map((prediction) => prediction.title).reverse());

    mock.clearRequests();
    const ids = created.map((prediction) => prediction.id);
    const byId = await predictions(streamer, { id: ids, first: 25 }).all();
    expect(byId).toHaveLength(30);
    expect(new Set(byId.map((prediction) => prediction.id))).toEqual(new Set(ids));
    // Each request answers newest first; the requests follow the order of the IDs.
    expect(byId.slice(0, 25).map((prediction) => prediction.id)).toEqual(ids.slice(0, 25).reverse());
    expect(mock.requests.map((request) => [request.path, [request.query.id ?? []].flat().length])).toEqual([
      ['/predictions', 25],
      ['/predictions', 5],
    ]);
  });

  it('refusals: the app token, a missing scope, limits before sending', async () => {
    const { client, broadcaster, viewer } = world;
    const app = await rejectionOf(predictions(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /predictions only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(createPrediction(client.as(viewer.id), pizza));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:predictions scope required by POST /predictions.');
    const read = await rejectionOf(predictions(client.as(viewer.id)));
    expect(read.message).toBe('The token of user 300 is missing the channel:read:predictions or channel:manage:predictions scope required by GET /predictions.');

    const streamer = client.as(broadcaster.id);
    const limits: [string, () => PromiseLike<unknown>][] = [
      ['prediction_window', () => createPrediction(streamer, { ...pizza, prediction_window: 29 })],
      ['prediction_window', () => createPrediction(streamer, { ...pizza, prediction_window: 1801 })],
      ['outcomes', () => createPrediction(streamer, { ...pizza, outcomes: Array.from({ length: 11 }, (_, index) => ({ title: `Outcome ${index}` })) })],
      ['title', () => createPrediction(streamer, { ...pizza, title: 'x'.repeat(46) })],
      ['winning_outcome_id', () => endPrediction(streamer, { id: 'x', status: 'RESOLVED' })],
      ['status', () => endPrediction(streamer, { id: 'x', status: 'ACTIVE' as 'LOCKED' })],
      ['first', () => predictions(streamer, { first: 26 })],
    ];
    for (const [name, call] of limits) {
      const refused = await rejectionOf(call);
      expect(refused.constructor).toBe(PlatformError);
      expect(refused.message).toContain(name);
    }
    expect(world.helixSent()).toEqual([]);
  });
});
