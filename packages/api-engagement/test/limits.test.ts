import { PlatformError, type ClientHandle } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  bitsLeaderboard,
  broadcasterSubscriptions,
  charityDonations,
  checkUserSubscription,
  createCustomReward,
  createPoll,
  createPrediction,
  customPowerUps,
  customRewardRedemptions,
  customRewards,
  deleteCustomReward,
  endPoll,
  endPrediction,
  extensionTransactions,
  polls,
  predictions,
  updateCustomReward,
  updateRedemptionStatus,
} from '../src/index';
import { stubClient } from './stub';

const long = (length: number) => 'x'.repeat(length);
const ids = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));
const titled = (count: number, length = 5) => Array.from({ length: count }, (_, index) => ({ title: `${index}`.padEnd(length, 'x') }));

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

const reward = { title: 'Hydrate', cost: 1 };
const poll = { title: 'Heads or Tails?', choices: titled(2), duration: 60 };
const bet = { title: 'Will I win?', outcomes: titled(2), prediction_window: 120 };

describe('limits and rules: refused before anything is sent', () => {
  // A long value is shown the way core's messages show values (possibly shortened): those rows match the message up to it.
  const cases: [string, (client: ClientHandle) => unknown, string | RegExp][] = [
    // channel points: createCustomReward
    ['createCustomReward without title', (c) => createCustomReward(c, { cost: 1 } as never), 'channelPoints.createCustomReward needs the parameter title.'],
    ['createCustomReward without cost', (c) => createCustomReward(c, { title: 'a' } as never), 'channelPoints.createCustomReward needs the parameter cost.'],
    ['createCustomReward empty title', (c) => createCustomReward(c, { ...reward, title: '' }), 'The parameter title of channelPoints.createCustomReward must not be empty; got "".'],
    [
      'createCustomReward title 46',
      (c) => createCustomReward(c, { ...reward, title: long(46) }),
      /^The parameter title of channelPoints\.createCustomReward must hold from 1 to 45 characters; got "x+/,
    ],
    ['createCustomReward cost 0', (c) => createCustomReward(c, { ...reward, cost: 0 }), 'The parameter cost of channelPoints.createCustomReward must be at least 1; got 0.'],
    ['createCustomReward cost 1.5', (c) => createCustomReward(c, { ...reward, cost: 1.5 }), 'The parameter cost of channelPoints.createCustomReward must be a whole number; got 1.5.'],
    ['createCustomReward cost "5"', (c) => createCustomReward(c, { ...reward, cost: '5' as never }), 'The parameter cost of channelPoints.createCustomReward must be a number; got "5".'],
    [
      'createCustomReward prompt 201',
      (c) => createCustomReward(c, { ...reward, prompt: long(201) }),
      /^The parameter prompt of channelPoints\.createCustomReward must hold at most 200 characters; got "x+/,
    ],
    ['createCustomReward max_per_stream 0', (c) => createCustomReward(c, { ...reward, max_per_stream: 0 }), 'The parameter max_per_stream of channelPoints.createCustomReward must be at least 1; got 0.'],
    [
      'createCustomReward max_per_user_per_stream 0',
      (c) => createCustomReward(c, { ...reward, max_per_user_per_stream: 0 }),
      'The parameter max_per_user_per_stream of channelPoints.createCustomReward must be at least 1; got 0.',
    ],
    [
      'createCustomReward global_cooldown_seconds 0',
      (c) => createCustomReward(c, { ...reward, global_cooldown_seconds: 0 }),
      'The parameter global_cooldown_seconds of channelPoints.createCustomReward must be at least 1; got 0.',
    ],
    ['createCustomReward is_enabled "yes"', (c) => createCustomReward(c, { ...reward, is_enabled: 'yes' as never }), 'The parameter is_enabled of channelPoints.createCustomReward must be true or false; got "yes".'],
    ['createCustomReward unknown field', (c) => createCustomReward(c, { ...reward, is_paused: true } as never), 'channelPoints.createCustomReward has no parameter is_paused.'],
    // deleteCustomReward, customRewards
    ['deleteCustomReward without id', (c) => deleteCustomReward(c, {} as never), 'channelPoints.deleteCustomReward needs the parameter id.'],
    ['deleteCustomReward empty id', (c) => deleteCustomReward(c, { id: '' }), 'The parameter id of channelPoints.deleteCustomReward must not be empty; got "".'],
    ['customRewards id 51', (c) => customRewards(c, { id: ids(51) }), 'The parameter id of channelPoints.customRewards must hold at most 50 IDs; got an array.'],
    ['customRewards id empty', (c) => customRewards(c, { id: [] }), 'The parameter id of channelPoints.customRewards must hold at least one ID; got an array.'],
    // customPowerUps
    ['customPowerUps id 51', (c) => customPowerUps(c, { id: ids(51) }), 'The parameter id of bits.customPowerUps must hold at most 50 IDs; got an array.'],
    // customRewardRedemptions
    [
      'customRewardRedemptions without status or id',
      (c) => customRewardRedemptions(c, { reward_id: 'r' }),
      'channelPoints.customRewardRedemptions needs the parameter status when id is not given.',
    ],
    ['customRewardRedemptions without reward_id', (c) => customRewardRedemptions(c, { status: 'FULFILLED' } as never), 'channelPoints.customRewardRedemptions needs the parameter reward_id.'],
    [
      'customRewardRedemptions status lowercase',
      (c) => customRewardRedemptions(c, { reward_id: 'r', status: 'fulfilled' as never }),
      'The parameter status of channelPoints.customRewardRedemptions must be one of "CANCELED", "FULFILLED", "UNFULFILLED"; got "fulfilled".',
    ],
    [
      'customRewardRedemptions sort LATEST',
      (c) => customRewardRedemptions(c, { reward_id: 'r', status: 'FULFILLED', sort: 'LATEST' as never }),
      'The parameter sort of channelPoints.customRewardRedemptions must be one of "OLDEST", "NEWEST"; got "LATEST".',
    ],
    ['customRewardRedemptions first 0', (c) => customRewardRedemptions(c, { reward_id: 'r', status: 'FULFILLED', first: 0 }), 'The parameter first of channelPoints.customRewardRedemptions must be from 1 to 50; got 0.'],
    ['customRewardRedemptions first 51', (c) => customRewardRedemptions(c, { reward_id: 'r', status: 'FULFILLED', first: 51 }), 'The parameter first of channelPoints.customRewardRedemptions must be from 1 to 50; got 51.'],
    // updateCustomReward
    ['updateCustomReward without id', (c) => updateCustomReward(c, { title: 'a' } as never), 'channelPoints.updateCustomReward needs the parameter id.'],
    ['updateCustomReward empty title', (c) => updateCustomReward(c, { id: 'r', title: '' }), 'The parameter title of channelPoints.updateCustomReward must hold from 1 to 45 characters; got "".'],
    [
      'updateCustomReward title 46',
      (c) => updateCustomReward(c, { id: 'r', title: long(46) }),
      /^The parameter title of channelPoints\.updateCustomReward must hold from 1 to 45 characters; got "x+/,
    ],
    [
      'updateCustomReward prompt 201',
      (c) => updateCustomReward(c, { id: 'r', prompt: long(201) }),
      /^The parameter prompt of channelPoints\.updateCustomReward must hold at most 200 characters; got "x+/,
    ],
    ['updateCustomReward cost 0', (c) => updateCustomReward(c, { id: 'r', cost: 0 }), 'The parameter cost of channelPoints.updateCustomReward must be at least 1; got 0.'],
    ['updateCustomReward max_per_stream 0', (c) => updateCustomReward(c, { id: 'r', max_per_stream: 0 }), 'The parameter max_per_stream of channelPoints.updateCustomReward must be at least 1; got 0.'],
    [
      'updateCustomReward max_per_user_per_stream 2.5',
      (c) => updateCustomReward(c, { id: 'r', max_per_user_per_stream: 2.5 }),
      'The parameter max_per_user_per_stream of channelPoints.updateCustomReward must be a whole number; got 2.5.',
    ],
    [
      'updateCustomReward global_cooldown_seconds 0',
      (c) => updateCustomReward(c, { id: 'r', global_cooldown_seconds: 0 }),
      'The parameter global_cooldown_seconds of channelPoints.updateCustomReward must be from 1 to 604800; got 0.',
    ],
    [
      'updateCustomReward global_cooldown_seconds 604801',
      (c) => updateCustomReward(c, { id: 'r', global_cooldown_seconds: 604801 }),
      'The parameter global_cooldown_seconds of channelPoints.updateCustomReward must be from 1 to 604800; got 604801.',
    ],
    // updateRedemptionStatus
    [
      'updateRedemptionStatus id 51',
      (c) => updateRedemptionStatus(c, { reward_id: 'r', id: ids(51), status: 'FULFILLED' }),
      'The parameter id of channelPoints.updateRedemptionStatus must hold at most 50 IDs; got an array.',
    ],
    ['updateRedemptionStatus without id', (c) => updateRedemptionStatus(c, { reward_id: 'r', status: 'FULFILLED' } as never), 'channelPoints.updateRedemptionStatus needs the parameter id.'],
    ['updateRedemptionStatus without reward_id', (c) => updateRedemptionStatus(c, { id: 'a', status: 'FULFILLED' } as never), 'channelPoints.updateRedemptionStatus needs the parameter reward_id.'],
    ['updateRedemptionStatus without status', (c) => updateRedemptionStatus(c, { reward_id: 'r', id: 'a' } as never), 'channelPoints.updateRedemptionStatus needs the parameter status.'],
    [
      'updateRedemptionStatus status UNFULFILLED',
      (c) => updateRedemptionStatus(c, { reward_id: 'r', id: 'a', status: 'UNFULFILLED' as never }),
      'The parameter status of channelPoints.updateRedemptionStatus must be one of "FULFILLED", "CANCELED"; got "UNFULFILLED".',
    ],
    // polls
    ['polls first 0', (c) => polls(c, { first: 0 }), 'The parameter first of polls.polls must be from 1 to 20; got 0.'],
    ['polls first 21', (c) => polls(c, { first: 21 }), 'The parameter first of polls.polls must be from 1 to 20; got 21.'],
    ['polls first "5"', (c) => polls(c, { first: '5' as never }), 'The parameter first of polls.polls must be a number; got "5".'],
    ['polls id empty', (c) => polls(c, { id: [] }), 'The parameter id of polls.polls must hold at least one ID; got an array.'],
    ['createPoll without title', (c) => createPoll(c, { choices: titled(2), duration: 60 } as never), 'polls.createPoll needs the parameter title.'],
    ['createPoll without choices', (c) => createPoll(c, { title: 't', duration: 60 } as never), 'polls.createPoll needs the parameter choices.'],
    ['createPoll without duration', (c) => createPoll(c, { title: 't', choices: titled(2) } as never), 'polls.createPoll needs the parameter duration.'],
    ['createPoll title 61', (c) => createPoll(c, { ...poll, title: long(61) }), /^The parameter title of polls\.createPoll must hold from 1 to 60 characters; got "x+/],
    ['createPoll 1 choice', (c) => createPoll(c, { ...poll, choices: titled(1) }), 'The parameter choices of polls.createPoll must hold from 2 to 5 items (it holds 1); got an array.'],
    ['createPoll 6 choices', (c) => createPoll(c, { ...poll, choices: titled(6) }), 'The parameter choices of polls.createPoll must hold from 2 to 5 items (it holds 6); got an array.'],
    [
      'createPoll a choice title of 26',
      (c) => createPoll(c, { ...poll, choices: [{ title: 'Heads' }, { title: long(26) }] }),
      'The parameter choices of polls.createPoll must hold titles of 1 to 25 characters; the title of item 1 has 26; got an array.',
    ],
    [
      'createPoll an empty choice title',
      (c) => createPoll(c, { ...poll, choices: [{ title: '' }, { title: 'Tails' }] }),
      'The parameter choices of polls.createPoll must hold titles of 1 to 25 characters; the title of item 0 has 0; got an array.',
    ],
    [
      'createPoll a choice without a title',
      (c) => createPoll(c, { ...poll, choices: [{ title: 'Heads' }, { name: 'Tails' } as never] }),
      'The parameter choices of polls.createPoll must hold objects with a title (a string); item 1 has none; got an array.',
    ],
    ['createPoll choices as a string', (c) => createPoll(c, { ...poll, choices: 'Heads,Tails' as never }), 'The parameter choices of polls.createPoll must be a list of objects with a title; got "Heads,Tails".'],
    ['createPoll duration 14', (c) => createPoll(c, { ...poll, duration: 14 }), 'The parameter duration of polls.createPoll must be from 15 to 1800; got 14.'],
    ['createPoll duration 1801', (c) => createPoll(c, { ...poll, duration: 1801 }), 'The parameter duration of polls.createPoll must be from 15 to 1800; got 1801.'],
    ['createPoll duration 60.5', (c) => createPoll(c, { ...poll, duration: 60.5 }), 'The parameter duration of polls.createPoll must be a whole number; got 60.5.'],
    [
      'createPoll channel_points_per_vote 0',
      (c) => createPoll(c, { ...poll, channel_points_voting_enabled: true, channel_points_per_vote: 0 }),
      'The parameter channel_points_per_vote of polls.createPoll must be from 1 to 1000000; got 0.',
    ],
    [
      'createPoll channel_points_per_vote 1000001',
      (c) => createPoll(c, { ...poll, channel_points_voting_enabled: true, channel_points_per_vote: 1000001 }),
      'The parameter channel_points_per_vote of polls.createPoll must be from 1 to 1000000; got 1000001.',
    ],
    [
      'createPoll channel_points_per_vote without voting enabled',
      (c) => createPoll(c, { ...poll, channel_points_per_vote: 100 }),
      'The parameter channel_points_per_vote of polls.createPoll applies only when channel_points_voting_enabled is true; got no channel_points_voting_enabled.',
    ],
    [
      'createPoll channel_points_per_vote with voting disabled',
      (c) => createPoll(c, { ...poll, channel_points_voting_enabled: false, channel_points_per_vote: 100 }),
      'The parameter channel_points_per_vote of polls.createPoll applies only when channel_points_voting_enabled is true; got channel_points_voting_enabled false.',
    ],
    ['endPoll without status', (c) => endPoll(c, { id: 'p' } as never), 'polls.endPoll needs the parameter status.'],
    ['endPoll without id', (c) => endPoll(c, { status: 'ARCHIVED' } as never), 'polls.endPoll needs the parameter id.'],
    ['endPoll status COMPLETED', (c) => endPoll(c, { id: 'p', status: 'COMPLETED' as never }), 'The parameter status of polls.endPoll must be one of "TERMINATED", "ARCHIVED"; got "COMPLETED".'],
    // predictions
    ['predictions first 0', (c) => predictions(c, { first: 0 }), 'The parameter first of predictions.predictions must be from 1 to 25; got 0.'],
    ['predictions first 26', (c) => predictions(c, { first: 26 }), 'The parameter first of predictions.predictions must be from 1 to 25; got 26.'],
    ['createPrediction without outcomes', (c) => createPrediction(c, { title: 't', prediction_window: 60 } as never), 'predictions.createPrediction needs the parameter outcomes.'],
    ['createPrediction without prediction_window', (c) => createPrediction(c, { title: 't', outcomes: titled(2) } as never), 'predictions.createPrediction needs the parameter prediction_window.'],
    [
      'createPrediction title 46',
      (c) => createPrediction(c, { ...bet, title: long(46) }),
      /^The parameter title of predictions\.createPrediction must hold from 1 to 45 characters; got "x+/,
    ],
    ['createPrediction 1 outcome', (c) => createPrediction(c, { ...bet, outcomes: titled(1) }), 'The parameter outcomes of predictions.createPrediction must hold from 2 to 10 items (it holds 1); got an array.'],
    ['createPrediction 11 outcomes', (c) => createPrediction(c, { ...bet, outcomes: titled(11) }), 'The parameter outcomes of predictions.createPrediction must hold from 2 to 10 items (it holds 11); got an array.'],
    [
      'createPrediction an outcome title of 26',
      (c) => createPrediction(c, { ...bet, outcomes: [{ title: long(26) }, { title: 'No' }] }),
      'The parameter outcomes of predictions.createPrediction must hold titles of 1 to 25 characters; the title of item 0 has 26; got an array.',
    ],
    ['createPrediction prediction_window 29', (c) => createPrediction(c, { ...bet, prediction_window: 29 }), 'The parameter prediction_window of predictions.createPrediction must be from 30 to 1800; got 29.'],
    ['createPrediction prediction_window 1801', (c) => createPrediction(c, { ...bet, prediction_window: 1801 }), 'The parameter prediction_window of predictions.createPrediction must be from 30 to 1800; got 1801.'],
    ['endPrediction RESOLVED without its outcome', (c) => endPrediction(c, { id: 'p', status: 'RESOLVED' }), 'predictions.endPrediction needs the parameter winning_outcome_id when status is "RESOLVED".'],
    ['endPrediction status ACTIVE', (c) => endPrediction(c, { id: 'p', status: 'ACTIVE' as never }), 'The parameter status of predictions.endPrediction must be one of "RESOLVED", "CANCELED", "LOCKED"; got "ACTIVE".'],
    ['endPrediction without status', (c) => endPrediction(c, { id: 'p' } as never), 'predictions.endPrediction needs the parameter status.'],
    // charity
    ['charityDonations first 0', (c) => charityDonations(c, { first: 0 }), 'The parameter first of charity.charityDonations must be from 1 to 100; got 0.'],
    ['charityDonations first 101', (c) => charityDonations(c, { first: 101 }), 'The parameter first of charity.charityDonations must be from 1 to 100; got 101.'],
    // bits
    ['bitsLeaderboard count 0', (c) => bitsLeaderboard(c, { count: 0 }), 'The parameter count of bits.bitsLeaderboard must be from 1 to 100; got 0.'],
    ['bitsLeaderboard count 101', (c) => bitsLeaderboard(c, { count: 101 }), 'The parameter count of bits.bitsLeaderboard must be from 1 to 100; got 101.'],
    ['bitsLeaderboard period decade', (c) => bitsLeaderboard(c, { period: 'decade' as never }), 'The parameter period of bits.bitsLeaderboard must be one of "day", "week", "month", "year", "all"; got "decade".'],
    ['bitsLeaderboard started_at without period', (c) => bitsLeaderboard(c, { started_at: '2018-02-05T08:00:00Z' }), 'The parameter started_at of bits.bitsLeaderboard applies only with period; got it without.'],
    ['bitsLeaderboard has no broadcaster_id', (c) => bitsLeaderboard(c, { broadcaster_id: '1' } as never), 'bits.bitsLeaderboard has no parameter broadcaster_id.'],
    ['extensionTransactions without extension_id', (c) => extensionTransactions(c, {} as never), 'bits.extensionTransactions needs the parameter extension_id.'],
    ['extensionTransactions first 0', (c) => extensionTransactions(c, { extension_id: 'e', first: 0 }), 'The parameter first of bits.extensionTransactions must be from 1 to 100; got 0.'],
    ['extensionTransactions first 101', (c) => extensionTransactions(c, { extension_id: 'e', first: 101 }), 'The parameter first of bits.extensionTransactions must be from 1 to 100; got 101.'],
    // subscriptions
    ['broadcasterSubscriptions first 0', (c) => broadcasterSubscriptions(c, { first: 0 }), 'The parameter first of subscriptions.broadcasterSubscriptions must be from 1 to 100; got 0.'],
    ['broadcasterSubscriptions first 101', (c) => broadcasterSubscriptions(c, { first: 101 }), 'The parameter first of subscriptions.broadcasterSubscriptions must be from 1 to 100; got 101.'],
    [
      'broadcasterSubscriptions after with user_id',
      (c) => broadcasterSubscriptions(c, { user_id: '1', after: 'c' }),
      'The parameter after of subscriptions.broadcasterSubscriptions cannot be combined with user_id; got both.',
    ],
    [
      'broadcasterSubscriptions before with user_id',
      (c) => broadcasterSubscriptions(c, { user_id: ['1', '2'], before: 'c' }),
      'The parameter before of subscriptions.broadcasterSubscriptions cannot be combined with user_id; got both.',
    ],
    ['checkUserSubscription without broadcaster_id', (c) => checkUserSubscription(c, {} as never), 'subscriptions.checkUserSubscription needs the parameter broadcaster_id.'],
  ];

  it.each(cases)('%s', async (_, run, message) => {
    const { client, requests } = stubClient(() => ({ body: { data: [] } }));
    const error = await failure(() => run(client.as('77')));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('the edges of each range are allowed', async () => {
    const { client: base, requests } = stubClient(() => ({ body: { data: [{}] } }));
    const client = base.as('77');
    expect(() => polls(client, { first: 1 })).not.toThrow();
    expect(() => polls(client, { first: 20, id: ids(21) })).not.toThrow();
    expect(() => predictions(client, { first: 25, id: ids(26) })).not.toThrow();
    expect(() => charityDonations(client, { first: 100 })).not.toThrow();
    expect(() => customRewardRedemptions(client, { reward_id: 'r', id: ids(51), first: 50 })).not.toThrow();
    expect(() => customRewardRedemptions(client, { reward_id: 'r', status: 'UNFULFILLED', first: 1 })).not.toThrow();
    expect(() => extensionTransactions(client, { extension_id: 'e', id: ids(101), first: 100 })).not.toThrow();
    expect(() => broadcasterSubscriptions(client, { user_id: ids(101), first: 100 })).not.toThrow();
    expect(() => broadcasterSubscriptions(client, { after: 'a', before: 'b' })).not.toThrow();
    expect(requests).toHaveLength(0);
    await createCustomReward(client, { title: long(45), cost: 1, prompt: long(200), max_per_stream: 1, max_per_user_per_stream: 1, global_cooldown_seconds: 1 });
    await updateCustomReward(client, { id: 'r', title: 'a', cost: 1, global_cooldown_seconds: 604800 });
    await customRewards(client, { id: ids(50) });
    await updateRedemptionStatus(client, { reward_id: 'r', id: ids(50), status: 'CANCELED' });
    await createPoll(client, { title: long(60), choices: titled(5, 25), duration: 15 });
    await createPoll(client, { title: 'a', choices: titled(2, 1), duration: 1800, channel_points_voting_enabled: true, channel_points_per_vote: 1000000 });
    await createPoll(client, { ...poll, channel_points_voting_enabled: true, channel_points_per_vote: 1 });
    await createPrediction(client, { title: long(45), outcomes: titled(10, 25), prediction_window: 30 });
    await createPrediction(client, { ...bet, outcomes: titled(2, 1), prediction_window: 1800 });
    await endPrediction(client, { id: 'p', status: 'CANCELED' });
    await bitsLeaderboard(client, { count: 1, period: 'all' });
    await bitsLeaderboard(client, { count: 100, period: 'year', started_at: '2024-01-01T08:00:00Z' });
    // Titles are counted in characters as the platform counts them: 60 and 25 emoji fit.
    await createPoll(client, { ...poll, title: '😀'.repeat(60), choices: [{ title: '😀'.repeat(25) }, { title: 'Tails' }] });
    expect(requests).toHaveLength(13);
  });
});
