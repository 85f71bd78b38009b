// Resources as the platform's reference shows them, for the wire, limits and paging tests.
import type {
  BroadcasterSubscription,
  ChannelCustomPowerUp,
  CharityCampaign,
  CharityDonation,
  Cheermote,
  CreatorGoal,
  CustomReward,
  CustomRewardRedemption,
  ExtensionTransaction,
  HypeTrainStatus,
  Poll,
  Prediction,
  UserSubscription,
} from '../src/index';

const defaultImage = {
  url_1x: 'https://static.example/custom-reward-images/default-1.png',
  url_2x: 'https://static.example/custom-reward-images/default-2.png',
  url_4x: 'https://static.example/custom-reward-images/default-4.png',
};

export const reward: CustomReward = {
  broadcaster_name: 'torpedo09',
  broadcaster_login: 'torpedo09',
  broadcaster_id: '274637212',
  id: 'afaa7e34-6b17-49f0-a19a-d1e76eaaf673',
  image: null,
  background_color: '#00E5CB',
  is_enabled: true,
  cost: 50000,
  title: 'game analysis 1v1',
  prompt: '',
  is_user_input_required: false,
  max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
  max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
  global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
  is_paused: false,
  is_in_stock: true,
  default_image: defaultImage,
  should_redemptions_skip_request_queue: false,
  redemptions_redeemed_current_stream: null,
  cooldown_expires_at: null,
};

export const redemption: CustomRewardRedemption = {
  broadcaster_name: 'torpedo09',
  broadcaster_login: 'torpedo09',
  broadcaster_id: '274637212',
  id: '17fa2df1-ad76-4804-bfa5-a40ef63efe63',
  user_login: 'torpedo09',
  user_id: '274637212',
  user_name: 'torpedo09',
  user_input: '',
  status: 'CANCELED',
  redeemed_at: '2020-07-01T18:37:32Z',
  reward: { id: '92af127c-7326-4483-a52b-b0da0be61c01', title: 'game analysis', prompt: '', cost: 50000 },
};

export const poll: Poll = {
  id: 'ed961efd-8a3f-4cf5-a9d0-e616c590cd2a',
  broadcaster_id: '141981764',
  broadcaster_name: 'TwitchDev',
  broadcaster_login: 'twitchdev',
  title: 'Heads or Tails?',
  choices: [
    { id: '4c123012-1351-4f33-84b7-43856e7a0f47', title: 'Heads', votes: 0, channel_points_votes: 0, bits_votes: 0 },
    { id: '279087e3-54a7-467e-bcd0-c1393fcea4f0', title: 'Tails', votes: 0, channel_points_votes: 0, bits_votes: 0 },
  ],
  bits_voting_enabled: false,
  bits_per_vote: 0,
  channel_points_voting_enabled: true,
  channel_points_per_vote: 100,
  status: 'ACTIVE',
  duration: 1800,
  started_at: '2021-03-19T06:08:33.871278372Z',
};

export const prediction: Prediction = {
  id: 'bc637af0-7766-4525-9308-4112f4cbf178',
  broadcaster_id: '141981764',
  broadcaster_name: 'TwitchDev',
  broadcaster_login: 'twitchdev',
  title: 'Any leeks in the stream?',
  winning_outcome_id: null,
  outcomes: [
    { id: '73085848-a94d-4040-9d21-2cb7a89374b7', title: 'Yes, give it time.', users: 0, channel_points: 0, top_predictors: null, color: 'BLUE' },
    { id: '906b70ba-1f12-47ea-9e95-e5f93d20e9cc', title: 'Definitely not.', users: 0, channel_points: 0, top_predictors: null, color: 'PINK' },
  ],
  prediction_window: 120,
  status: 'ACTIVE',
  created_at: '2021-04-28T17:11:22.595914172Z',
  ended_at: null,
  locked_at: null,
};

export const goal: CreatorGoal = {
  id: '1woowvbkiNv8BRxEWSqmQz6Zk92',
  broadcaster_id: '141981764',
  broadcaster_name: 'TwitchDev',
  broadcaster_login: 'twitchdev',
  type: 'follower',
  description: 'Follow goal for Helix testing',
  current_amount: 27062,
  target_amount: 30000,
  created_at: '2021-08-16T17:22:23Z',
};

export const hypeTrain: HypeTrainStatus = {
  current: {
    id: '1b0AsbInCHZW2SQFQkCzqN07Ib2',
    broadcaster_user_id: '1337',
    broadcaster_user_login: 'cool_user',
    broadcaster_user_name: 'Cool_User',
    level: 2,
    total: 700,
    progress: 200,
    goal: 1000,
    top_contributions: [
      { user_id: '123', user_login: 'pogchamp', user_name: 'PogChamp', type: 'bits', total: 50 },
      { user_id: '456', user_login: 'kappa', user_name: 'Kappa', type: 'subscription', total: 45 },
    ],
    shared_train_participants: [{ broadcaster_user_id: '456', broadcaster_user_login: 'pogchamp', broadcaster_user_name: 'PogChamp' }],
    started_at: '2020-07-15T17:16:03.17106713Z',
    expires_at: '2020-07-15T17:16:11.17106713Z',
    type: 'golden_kappa',
    is_shared_train: true,
  },
  all_time_high: { level: 6, total: 2850, achieved_at: '2020-04-24T20:12:21.003802269Z' },
  shared_all_time_high: { level: 16, total: 23850, achieved_at: '2020-04-27T20:12:21.003802269Z' },
};

export const campaign: CharityCampaign = {
  id: '123-abc-456-def',
  broadcaster_id: '123456',
  broadcaster_name: 'SunnySideUp',
  broadcaster_login: 'sunnysideup',
  charity_name: 'Example name',
  charity_description: 'Example description',
  charity_logo: 'https://static.example/ppgf/1000/100.png',
  charity_website: 'https://www.example.com',
  current_amount: { value: 86000, decimal_places: 2, currency: 'USD' },
  target_amount: { value: 1500000, decimal_places: 2, currency: 'USD' },
};

export const donation: CharityDonation = {
  id: 'a1b2c3-aabb-4455-d1e2f3',
  campaign_id: '123-abc-456-def',
  user_id: '5678',
  user_login: 'cool_user',
  user_name: 'Cool_User',
  amount: { value: 500, decimal_places: 2, currency: 'USD' },
};

const sizes = (base: string) => ({ '1': `${base}/1`, '1.5': `${base}/1.5`, '2': `${base}/2`, '3': `${base}/3`, '4': `${base}/4` });

export const cheermote: Cheermote = {
  prefix: 'Cheer',
  tiers: [
    {
      min_bits: 1,
      id: '1',
      color: '#979797',
      images: {
        dark: { animated: sizes('https://static.example/dark/animated/1'), static: sizes('https://static.example/dark/static/1') },
        light: { animated: sizes('https://static.example/light/animated/1'), static: sizes('https://static.example/light/static/1') },
      },
      can_cheer: true,
      show_in_bits_card: true,
    },
  ],
  type: 'global_first_party',
  order: 1,
  last_updated: '2018-05-22T00:06:04Z',
  is_charitable: false,
};

export const powerUp: ChannelCustomPowerUp = {
  broadcaster_id: '274637212',
  broadcaster_login: 'torpedo09',
  broadcaster_name: 'torpedo09',
  id: '92af127c-7326-4483-a52b-b0da0be61c01',
  title: 'Victory Jingle',
  prompt: 'Which jingle should play?',
  bits: 200,
  image: null,
  default_image: defaultImage,
  background_color: '#9147FF',
  is_enabled: true,
  is_user_input_required: true,
  max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
  max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
  global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 60 },
  is_paused: false,
  is_in_stock: true,
  redemptions_redeemed_current_stream: null,
  cooldown_expires_at: null,
};

export const transaction: ExtensionTransaction = {
  id: '74c52265-e214-48a6-91b9-23b6014e8041',
  timestamp: '2019-01-28T04:15:53.325Z',
  broadcaster_id: '439964613',
  broadcaster_login: 'chikuseuma',
  broadcaster_name: 'chikuseuma',
  user_id: '424596340',
  user_login: 'quotrok',
  user_name: 'quotrok',
  product_type: 'BITS_IN_EXTENSION',
  product_data: {
    domain: 'twitch.ext.uo6dggojyb8d6soh92zknwmi5ej1q2',
    sku: 'testSku100',
    cost: { amount: 100, type: 'bits' },
    inDevelopment: false,
    displayName: 'Test Product 100',
    expiration: '',
    broadcast: false,
  },
};

export const subscriber: BroadcasterSubscription = {
  broadcaster_id: '141981764',
  broadcaster_login: 'twitchdev',
  broadcaster_name: 'TwitchDev',
  gifter_id: '12826',
  gifter_login: 'twitch',
  gifter_name: 'Twitch',
  is_gift: true,
  tier: '1000',
  plan_name: 'Channel Subscription (twitchdev)',
  user_id: '527115020',
  user_name: 'twitchgaming',
  user_login: 'twitchgaming',
};

export const userSubscription: UserSubscription = {
  broadcaster_id: '149747285',
  broadcaster_name: 'TwitchPresents',
  broadcaster_login: 'twitchpresents',
  is_gift: false,
  tier: '1000',
};
