import type { ClientHandle, RequestOptions } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  bitsLeaderboard,
  bitsLeaderboardOperation,
  broadcasterSubscriptions,
  broadcasterSubscriptionsOperation,
  charityCampaign,
  charityCampaignOperation,
  charityDonations,
  charityDonationsOperation,
  checkUserSubscription,
  checkUserSubscriptionOperation,
  cheermotes,
  cheermotesOperation,
  createCustomReward,
  createCustomRewardOperation,
  createPoll,
  createPollOperation,
  createPrediction,
  createPredictionOperation,
  creatorGoals,
  creatorGoalsOperation,
  customPowerUps,
  customPowerUpsOperation,
  customRewardRedemptions,
  customRewardRedemptionsOperation,
  customRewards,
  customRewardsOperation,
  deleteCustomReward,
  deleteCustomRewardOperation,
  endPoll,
  endPollOperation,
  endPrediction,
  endPredictionOperation,
  extensionTransactions,
  extensionTransactionsOperation,
  hypeTrainStatus,
  hypeTrainStatusOperation,
  polls,
  pollsOperation,
  predictions,
  predictionsOperation,
  updateCustomReward,
  updateCustomRewardOperation,
  updateRedemptionStatus,
  updateRedemptionStatusOperation,
} from '../src/index';
import { campaign, cheermote, donation, goal, hypeTrain, poll, powerUp, prediction, redemption, reward, subscriber, transaction, userSubscription } from './samples';
import { stubClient, type StubReply } from './stub';

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
  /** The token sent: the app's, or the user's named by `as`. */
  token: 'app' | 'user';
  result: unknown;
}

const leaderboard = {
  data: [
    { user_id: '158010205', user_login: 'tundracowboy', user_name: 'TundraCowboy', rank: 1, score: 12543 },
    { user_id: '7168163', user_login: 'topramens', user_name: 'Topramens', rank: 2, score: 6900 },
  ],
  date_range: { started_at: '2018-02-05T08:00:00Z', ended_at: '2018-02-12T08:00:00Z' },
  total: 2,
};

const cases: WireCase[] = [
  // ---- channel points
  {
    title: 'createCustomReward: broadcaster_id from the token in the query, the fields in a JSON body, data[0]',
    operation: createCustomRewardOperation,
    run: (client, options) =>
      createCustomReward(
        client,
        {
          title: 'game analysis 1v1',
          cost: 50000,
          prompt: 'Which game?',
          is_enabled: true,
          background_color: '#9147FF',
          is_user_input_required: true,
          is_max_per_stream_enabled: true,
          max_per_stream: 3,
          is_max_per_user_per_stream_enabled: true,
          max_per_user_per_stream: 1,
          is_global_cooldown_enabled: true,
          global_cooldown_seconds: 60,
          should_redemptions_skip_request_queue: false,
        },
        options,
      ),
    as: '274637212',
    reply: { body: { data: [reward] } },
    method: 'POST',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212']],
    body: {
      title: 'game analysis 1v1',
      cost: 50000,
      prompt: 'Which game?',
      is_enabled: true,
      background_color: '#9147FF',
      is_user_input_required: true,
      is_max_per_stream_enabled: true,
      max_per_stream: 3,
      is_max_per_user_per_stream_enabled: true,
      max_per_user_per_stream: 1,
      is_global_cooldown_enabled: true,
      global_cooldown_seconds: 60,
      should_redemptions_skip_request_queue: false,
    },
    token: 'user',
    result: reward,
  },
  {
    title: 'createCustomReward: only the required fields, broadcaster_id given',
    operation: createCustomRewardOperation,
    run: (client, options) => createCustomReward(client, { broadcaster_id: '274637212', title: 'Hydrate', cost: 1 }, options),
    as: '274637212',
    reply: { body: { data: [reward] } },
    method: 'POST',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212']],
    body: { title: 'Hydrate', cost: 1 },
    token: 'user',
    result: reward,
  },
  {
    title: 'deleteCustomReward: DELETE with both IDs in the query, 204',
    operation: deleteCustomRewardOperation,
    run: (client, options) => deleteCustomReward(client, { id: 'b045196d-9ce7-4a27-a9b9-279ed341ab28' }, options),
    as: '274637212',
    reply: { status: 204 },
    method: 'DELETE',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212'], ['id', 'b045196d-9ce7-4a27-a9b9-279ed341ab28']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'customRewards: repeated id and only_manageable_rewards, the list',
    operation: customRewardsOperation,
    run: (client, options) => customRewards(client, { id: ['r1', 'r2'], only_manageable_rewards: true }, options),
    as: '274637212',
    reply: { body: { data: [reward, reward] } },
    method: 'GET',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212'], ['id', 'r1'], ['id', 'r2'], ['only_manageable_rewards', 'true']],
    token: 'user',
    result: [reward, reward],
  },
  {
    title: 'customRewards: op(client) with nothing',
    operation: customRewardsOperation,
    run: (client, options) => customRewards(client, undefined, options),
    as: '274637212',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212']],
    token: 'user',
    result: [],
  },
  {
    title: 'customRewardRedemptions by status and sort, a page with its cursor',
    operation: customRewardRedemptionsOperation,
    run: async (client, options) => {
      const page = await customRewardRedemptions(client, { reward_id: '92af127c', status: 'CANCELED', sort: 'NEWEST', first: 50, after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: '274637212',
    reply: { body: { data: [redemption], pagination: { cursor: 'c1' } } },
    method: 'GET',
    path: '/channel_points/custom_rewards/redemptions',
    query: [['after', 'c0'], ['broadcaster_id', '274637212'], ['first', '50'], ['reward_id', '92af127c'], ['sort', 'NEWEST'], ['status', 'CANCELED']],
    token: 'user',
    result: { data: [redemption], cursor: 'c1' },
  },
  {
    title: 'customRewardRedemptions by repeated id, without status',
    operation: customRewardRedemptionsOperation,
    run: async (client, options) => (await customRewardRedemptions(client, { reward_id: '92af127c', id: ['a', 'b'] }, options)).data,
    as: '274637212',
    reply: { body: { data: [redemption], pagination: {} } },
    method: 'GET',
    path: '/channel_points/custom_rewards/redemptions',
    query: [['broadcaster_id', '274637212'], ['id', 'a'], ['id', 'b'], ['reward_id', '92af127c']],
    token: 'user',
    result: [redemption],
  },
  {
    title: 'updateCustomReward: PATCH, the IDs in the query, only the given fields in the body',
    operation: updateCustomRewardOperation,
    run: (client, options) => updateCustomReward(client, { id: '92af127c', is_enabled: false, title: 'game analysis 2v2', is_paused: true, global_cooldown_seconds: 604800 }, options),
    as: '274637212',
    reply: { body: { data: [{ ...reward, is_enabled: false }] } },
    method: 'PATCH',
    path: '/channel_points/custom_rewards',
    query: [['broadcaster_id', '274637212'], ['id', '92af127c']],
    body: { is_enabled: false, title: 'game analysis 2v2', is_paused: true, global_cooldown_seconds: 604800 },
    token: 'user',
    result: { ...reward, is_enabled: false },
  },
  {
    title: 'updateRedemptionStatus: PATCH, repeated id in the query, status in the body, the list',
    operation: updateRedemptionStatusOperation,
    run: (client, options) => updateRedemptionStatus(client, { reward_id: '92af127c', id: ['a', 'b'], status: 'FULFILLED' }, options),
    as: '274637212',
    reply: { body: { data: [redemption, { ...redemption, id: 'b' }] } },
    method: 'PATCH',
    path: '/channel_points/custom_rewards/redemptions',
    query: [['broadcaster_id', '274637212'], ['id', 'a'], ['id', 'b'], ['reward_id', '92af127c']],
    body: { status: 'FULFILLED' },
    token: 'user',
    result: [redemption, { ...redemption, id: 'b' }],
  },
  // ---- polls
  {
    title: 'polls: repeated id and first, a page',
    operation: pollsOperation,
    run: async (client, options) => {
      const page = await polls(client, { id: ['p1', 'p2'], first: 20, after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: '141981764',
    reply: { body: { data: [poll], pagination: {} } },
    method: 'GET',
    path: '/polls',
    query: [['after', 'c0'], ['broadcaster_id', '141981764'], ['first', '20'], ['id', 'p1'], ['id', 'p2']],
    token: 'user',
    result: { data: [poll], cursor: undefined },
  },
  {
    title: 'polls: op(client), broadcaster_id from the token',
    operation: pollsOperation,
    run: async (client, options) => (await polls(client, undefined, options)).data,
    as: '141981764',
    reply: { body: { data: [], pagination: {} } },
    method: 'GET',
    path: '/polls',
    query: [['broadcaster_id', '141981764']],
    token: 'user',
    result: [],
  },
  {
    title: 'createPoll: everything in a JSON body, broadcaster_id from the token, data[0]',
    operation: createPollOperation,
    run: (client, options) =>
      createPoll(client, { title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], channel_points_voting_enabled: true, channel_points_per_vote: 100, duration: 1800 }, options),
    as: '141981764',
    reply: { body: { data: [poll] } },
    method: 'POST',
    path: '/polls',
    query: [],
    body: { broadcaster_id: '141981764', title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], channel_points_voting_enabled: true, channel_points_per_vote: 100, duration: 1800 },
    token: 'user',
    result: poll,
  },
  {
    title: 'endPoll: PATCH with a JSON body, data[0]',
    operation: endPollOperation,
    run: (client, options) => endPoll(client, { broadcaster_id: '141981764', id: poll.id, status: 'TERMINATED' }, options),
    as: '141981764',
    reply: { body: { data: [{ ...poll, status: 'TERMINATED', ended_at: '2021-03-19T06:11:26.746889614Z' }] } },
    method: 'PATCH',
    path: '/polls',
    query: [],
    body: { broadcaster_id: '141981764', id: poll.id, status: 'TERMINATED' },
    token: 'user',
    result: { ...poll, status: 'TERMINATED', ended_at: '2021-03-19T06:11:26.746889614Z' },
  },
  // ---- predictions
  {
    title: 'predictions: repeated id and first, a page with its cursor',
    operation: predictionsOperation,
    run: async (client, options) => {
      const page = await predictions(client, { id: ['d1', 'd2'], first: 25 }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: '55696719',
    reply: { body: { data: [prediction], pagination: { cursor: 'n1' } } },
    method: 'GET',
    path: '/predictions',
    query: [['broadcaster_id', '55696719'], ['first', '25'], ['id', 'd1'], ['id', 'd2']],
    token: 'user',
    result: { data: [prediction], cursor: 'n1' },
  },
  {
    title: 'createPrediction: everything in a JSON body, data[0]',
    operation: createPredictionOperation,
    run: (client, options) => createPrediction(client, { title: 'Any leeks in the stream?', outcomes: [{ title: 'Yes, give it time.' }, { title: 'Definitely not.' }], prediction_window: 120 }, options),
    as: '141981764',
    reply: { body: { data: [prediction] } },
    method: 'POST',
    path: '/predictions',
    query: [],
    body: { broadcaster_id: '141981764', title: 'Any leeks in the stream?', outcomes: [{ title: 'Yes, give it time.' }, { title: 'Definitely not.' }], prediction_window: 120 },
    token: 'user',
    result: prediction,
  },
  {
    title: 'endPrediction: RESOLVED with the winning outcome, PATCH with a JSON body',
    operation: endPredictionOperation,
    run: (client, options) => endPrediction(client, { id: prediction.id, status: 'RESOLVED', winning_outcome_id: '73085848-a94d-4040-9d21-2cb7a89374b7' }, options),
    as: '141981764',
    reply: { body: { data: [{ ...prediction, status: 'RESOLVED', winning_outcome_id: '73085848-a94d-4040-9d21-2cb7a89374b7' }] } },
    method: 'PATCH',
    path: '/predictions',
    query: [],
    body: { broadcaster_id: '141981764', id: prediction.id, status: 'RESOLVED', winning_outcome_id: '73085848-a94d-4040-9d21-2cb7a89374b7' },
    token: 'user',
    result: { ...prediction, status: 'RESOLVED', winning_outcome_id: '73085848-a94d-4040-9d21-2cb7a89374b7' },
  },
  {
    title: 'endPrediction: LOCKED needs no outcome',
    operation: endPredictionOperation,
    run: (client, options) => endPrediction(client, { id: prediction.id, status: 'LOCKED' }, options),
    as: '141981764',
    reply: { body: { data: [{ ...prediction, status: 'LOCKED' }] } },
    method: 'PATCH',
    path: '/predictions',
    query: [],
    body: { broadcaster_id: '141981764', id: prediction.id, status: 'LOCKED' },
    token: 'user',
    result: { ...prediction, status: 'LOCKED' },
  },
  // ---- goals, hype train, charity
  {
    title: 'creatorGoals: broadcaster_id from the token, the list',
    operation: creatorGoalsOperation,
    run: (client, options) => creatorGoals(client, undefined, options),
    as: '141981764',
    reply: { body: { data: [goal] } },
    method: 'GET',
    path: '/goals',
    query: [['broadcaster_id', '141981764']],
    token: 'user',
    result: [goal],
  },
  {
    title: 'hypeTrainStatus: broadcaster_id from the token, data[0]',
    operation: hypeTrainStatusOperation,
    run: (client, options) => hypeTrainStatus(client, undefined, options),
    as: '1337',
    reply: { body: { data: [hypeTrain] } },
    method: 'GET',
    path: '/hypetrain/status',
    query: [['broadcaster_id', '1337']],
    token: 'user',
    result: hypeTrain,
  },
  {
    title: 'hypeTrainStatus: no train running, records null',
    operation: hypeTrainStatusOperation,
    run: (client, options) => hypeTrainStatus(client, { broadcaster_id: '1337' }, options),
    as: '1337',
    reply: { body: { data: [{ current: null, all_time_high: null, shared_all_time_high: null }] } },
    method: 'GET',
    path: '/hypetrain/status',
    query: [['broadcaster_id', '1337']],
    token: 'user',
    result: { current: null, all_time_high: null, shared_all_time_high: null },
  },
  {
    title: 'charityCampaign: data[0]',
    operation: charityCampaignOperation,
    run: (client, options) => charityCampaign(client, undefined, options),
    as: '123456',
    reply: { body: { data: [campaign] } },
    method: 'GET',
    path: '/charity/campaigns',
    query: [['broadcaster_id', '123456']],
    token: 'user',
    result: campaign,
  },
  {
    title: 'charityCampaign: null when no campaign runs',
    operation: charityCampaignOperation,
    run: (client, options) => charityCampaign(client, { broadcaster_id: '123456' }, options),
    as: '123456',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/charity/campaigns',
    query: [['broadcaster_id', '123456']],
    token: 'user',
    result: null,
  },
  {
    title: 'charityDonations: a page with its cursor',
    operation: charityDonationsOperation,
    run: async (client, options) => {
      const page = await charityDonations(client, { first: 100, after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: '123456',
    reply: { body: { data: [donation], pagination: { cursor: 'eyJiIjpudWxs' } } },
    method: 'GET',
    path: '/charity/donations',
    query: [['after', 'c0'], ['broadcaster_id', '123456'], ['first', '100']],
    token: 'user',
    result: { data: [donation], cursor: 'eyJiIjpudWxs' },
  },
  // ---- bits
  {
    title: 'bitsLeaderboard: count, period and started_at, the whole answer',
    operation: bitsLeaderboardOperation,
    run: (client, options) => bitsLeaderboard(client, { count: 2, period: 'week', started_at: '2018-02-05T08:00:00Z', user_id: '7168163' }, options),
    as: '141981764',
    reply: { body: leaderboard },
    method: 'GET',
    path: '/bits/leaderboard',
    query: [['count', '2'], ['period', 'week'], ['started_at', '2018-02-05T08:00:00Z'], ['user_id', '7168163']],
    token: 'user',
    result: leaderboard,
  },
  {
    title: 'bitsLeaderboard: op(client), nothing filled in from the token',
    operation: bitsLeaderboardOperation,
    run: (client, options) => bitsLeaderboard(client, undefined, options),
    as: '141981764',
    reply: { body: { data: [], date_range: { started_at: '', ended_at: '' }, total: 0 } },
    method: 'GET',
    path: '/bits/leaderboard',
    query: [],
    token: 'user',
    result: { data: [], date_range: { started_at: '', ended_at: '' }, total: 0 },
  },
  {
    title: 'cheermotes: with the app token and a broadcaster, the list',
    operation: cheermotesOperation,
    run: (client, options) => cheermotes(client, { broadcaster_id: '41245072' }, options),
    as: 'app',
    reply: { body: { data: [cheermote] } },
    method: 'GET',
    path: '/bits/cheermotes',
    query: [['broadcaster_id', '41245072']],
    token: 'app',
    result: [cheermote],
  },
  {
    title: 'cheermotes: op(client) with a user token, no broadcaster filled in',
    operation: cheermotesOperation,
    run: (client, options) => cheermotes(client, undefined, options),
    as: '77',
    reply: { body: { data: [cheermote] } },
    method: 'GET',
    path: '/bits/cheermotes',
    query: [],
    token: 'user',
    result: [cheermote],
  },
  {
    title: 'customPowerUps: broadcaster_id from the token, repeated id, the list',
    operation: customPowerUpsOperation,
    run: (client, options) => customPowerUps(client, { id: [powerUp.id, 'other'] }, options),
    as: '274637212',
    reply: { body: { data: [powerUp] } },
    method: 'GET',
    path: '/bits/custom_power_ups',
    query: [
      ['broadcaster_id', '274637212'],
      ['id', powerUp.id],
      ['id', 'other'],
    ],
    token: 'user',
    result: [powerUp],
  },
  {
    title: 'extensionTransactions: the app token, repeated id, a page with its cursor',
    operation: extensionTransactionsOperation,
    run: async (client, options) => {
      const page = await extensionTransactions(client, { extension_id: '1234', id: ['t1', 't2'], first: 100, after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: 'app',
    reply: { body: { data: [transaction], pagination: { cursor: 'cursorString' } } },
    method: 'GET',
    path: '/extensions/transactions',
    query: [['after', 'c0'], ['extension_id', '1234'], ['first', '100'], ['id', 't1'], ['id', 't2']],
    token: 'app',
    result: { data: [transaction], cursor: 'cursorString' },
  },
  // ---- subscriptions
  {
    title: 'broadcasterSubscriptions: broadcaster_id from the token, the page with points and total',
    operation: broadcasterSubscriptionsOperation,
    run: async (client, options) => {
      const page = await broadcasterSubscriptions(client, { first: 100, after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor, points: page.raw.points, total: page.raw.total };
    },
    as: '141981764',
    reply: { body: { data: [subscriber], pagination: { cursor: 'xxxx' }, total: 13, points: 13 } },
    method: 'GET',
    path: '/subscriptions',
    query: [['after', 'c0'], ['broadcaster_id', '141981764'], ['first', '100']],
    token: 'user',
    result: { data: [subscriber], cursor: 'xxxx', points: 13, total: 13 },
  },
  {
    title: 'broadcasterSubscriptions: an extension with the app token names the broadcaster and users',
    operation: broadcasterSubscriptionsOperation,
    run: async (client, options) => (await broadcasterSubscriptions(client, { broadcaster_id: '141981764', user_id: ['527115020', '1'] }, options)).data,
    as: 'app',
    reply: { body: { data: [subscriber], pagination: {}, total: 13, points: 13 } },
    method: 'GET',
    path: '/subscriptions',
    query: [['broadcaster_id', '141981764'], ['user_id', '527115020'], ['user_id', '1']],
    token: 'app',
    result: [subscriber],
  },
  {
    title: 'broadcasterSubscriptions: paging backwards with before',
    operation: broadcasterSubscriptionsOperation,
    run: async (client, options) => (await broadcasterSubscriptions(client, { before: 'c9' }, options)).data,
    as: '141981764',
    reply: { body: { data: [], pagination: {}, total: 0, points: 0 } },
    method: 'GET',
    path: '/subscriptions',
    query: [['before', 'c9'], ['broadcaster_id', '141981764']],
    token: 'user',
    result: [],
  },
  {
    title: 'checkUserSubscription: user_id from the token, data[0]',
    operation: checkUserSubscriptionOperation,
    run: (client, options) => checkUserSubscription(client, { broadcaster_id: '149747285' }, options),
    as: '141981764',
    reply: { body: { data: [userSubscription] } },
    method: 'GET',
    path: '/subscriptions/user',
    query: [['broadcaster_id', '149747285'], ['user_id', '141981764']],
    token: 'user',
    result: userSubscription,
  },
  {
    title: 'checkUserSubscription: an extension with the app token names the user',
    operation: checkUserSubscriptionOperation,
    run: (client, options) => checkUserSubscription(client, { broadcaster_id: '149747285', user_id: '5' }, options),
    as: 'app',
    reply: { body: { data: [{ ...userSubscription, is_gift: true, gifter_id: '12826', gifter_login: 'twitch', gifter_name: 'Twitch' }] } },
    method: 'GET',
    path: '/subscriptions/user',
    query: [['broadcaster_id', '149747285'], ['user_id', '5']],
    token: 'app',
    result: { ...userSubscription, is_gift: true, gifter_id: '12826', gifter_login: 'twitch', gifter_name: 'Twitch' },
  },
];

/** Sorted by key; a repeated key keeps the order of its values (the sort is stable). */
const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('the wire shape of every channel points, polls, predictions, goals, hype train, charity, bits and subscriptions operation', () => {
  it('covers the 22 operations', () => {
    const names = new Set(cases.map((row) => row.operation.name));
    expect([...names].sort()).toEqual(
      [
        'channelPoints.createCustomReward', 'channelPoints.deleteCustomReward', 'channelPoints.customRewards',
        'channelPoints.customRewardRedemptions', 'channelPoints.updateCustomReward', 'channelPoints.updateRedemptionStatus',
        'polls.polls', 'polls.createPoll', 'polls.endPoll',
        'predictions.predictions', 'predictions.createPrediction', 'predictions.endPrediction',
        'goals.creatorGoals', 'hypeTrain.hypeTrainStatus', 'charity.charityCampaign', 'charity.charityDonations',
        'bits.bitsLeaderboard', 'bits.cheermotes', 'bits.extensionTransactions', 'bits.customPowerUps',
        'subscriptions.broadcasterSubscriptions', 'subscriptions.checkUserSubscription',
      ].sort(),
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
    const authorization = { app: 'Bearer app-token', user: `Bearer user-token-${row.as}` }[row.token];
    expect(request!.headers.get('authorization')).toBe(authorization);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toEqual(row.result);
  });

  it('declares every operation frozen, named after its function, with the reference method, path, token kinds, scopes and acting-user fields', () => {
    const redemptions = ['channel:read:redemptions', 'channel:manage:redemptions'];
    const table = [
      [createCustomRewardOperation, createCustomReward, 'POST /channel_points/custom_rewards', 'user', ['channel:manage:redemptions'], 'broadcaster_id'],
      [deleteCustomRewardOperation, deleteCustomReward, 'DELETE /channel_points/custom_rewards', 'user', ['channel:manage:redemptions'], 'broadcaster_id'],
      [customRewardsOperation, customRewards, 'GET /channel_points/custom_rewards', 'user', redemptions, 'broadcaster_id'],
      [customRewardRedemptionsOperation, customRewardRedemptions, 'GET /channel_points/custom_rewards/redemptions', 'user', redemptions, 'broadcaster_id'],
      [updateCustomRewardOperation, updateCustomReward, 'PATCH /channel_points/custom_rewards', 'user', ['channel:manage:redemptions'], 'broadcaster_id'],
      [updateRedemptionStatusOperation, updateRedemptionStatus, 'PATCH /channel_points/custom_rewards/redemptions', 'user', ['channel:manage:redemptions'], 'broadcaster_id'],
      [pollsOperation, polls, 'GET /polls', 'user', ['channel:read:polls', 'channel:manage:polls'], 'broadcaster_id'],
      [createPollOperation, createPoll, 'POST /polls', 'user', ['channel:manage:polls'], 'broadcaster_id'],
      [endPollOperation, endPoll, 'PATCH /polls', 'user', ['channel:manage:polls'], 'broadcaster_id'],
      [predictionsOperation, predictions, 'GET /predictions', 'user', ['channel:read:predictions', 'channel:manage:predictions'], 'broadcaster_id'],
      [createPredictionOperation, createPrediction, 'POST /predictions', 'user', ['channel:manage:predictions'], 'broadcaster_id'],
      [endPredictionOperation, endPrediction, 'PATCH /predictions', 'user', ['channel:manage:predictions'], 'broadcaster_id'],
      [creatorGoalsOperation, creatorGoals, 'GET /goals', 'user', ['channel:read:goals'], 'broadcaster_id'],
      [hypeTrainStatusOperation, hypeTrainStatus, 'GET /hypetrain/status', 'user', ['channel:read:hype_train'], 'broadcaster_id'],
      [charityCampaignOperation, charityCampaign, 'GET /charity/campaigns', 'user', ['channel:read:charity'], 'broadcaster_id'],
      [charityDonationsOperation, charityDonations, 'GET /charity/donations', 'user', ['channel:read:charity'], 'broadcaster_id'],
      [bitsLeaderboardOperation, bitsLeaderboard, 'GET /bits/leaderboard', 'user', ['bits:read'], undefined],
      [cheermotesOperation, cheermotes, 'GET /bits/cheermotes', 'either', [], undefined],
      [extensionTransactionsOperation, extensionTransactions, 'GET /extensions/transactions', 'app', [], undefined],
      [customPowerUpsOperation, customPowerUps, 'GET /bits/custom_power_ups', 'user', ['bits:read'], 'broadcaster_id'],
      [broadcasterSubscriptionsOperation, broadcasterSubscriptions, 'GET /subscriptions', 'either', ['channel:read:subscriptions'], 'broadcaster_id'],
      [checkUserSubscriptionOperation, checkUserSubscription, 'GET /subscriptions/user', 'either', ['user:read:subscriptions'], 'user_id'],
    ] as const;
    expect(table).toHaveLength(22);
    for (const [operation, run, route, token, scopes, actingUser] of table) {
      expect(Object.isFrozen(operation), operation.name).toBe(true);
      expect(Object.isFrozen(operation.params), operation.name).toBe(true);
      expect(operation.name.split('.')[1], operation.name).toBe(run.name);
      expect(`${operation.method} ${operation.path}`, operation.name).toBe(route);
      expect(operation.token, operation.name).toBe(token);
      expect([...operation.scopes], operation.name).toEqual(scopes);
      expect(operation.actingUser, operation.name).toBe(actingUser);
      // Every acting-user field is optional to the caller: it defaults from the token.
      if (actingUser) expect(operation.params[actingUser as keyof typeof operation.params], operation.name).not.toHaveProperty('required', true);
    }
  });
});
