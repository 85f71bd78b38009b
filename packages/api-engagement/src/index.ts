// The public surface of @platform/api-engagement: every operation (function, declaration, parameter type) of the channel points,
// polls, predictions, goals, hype train, charity, bits and subscriptions groups, and every resource type they return.
export { createCustomReward, createCustomRewardOperation, type CreateCustomRewardParams } from './operations/create-custom-reward';
export { deleteCustomReward, deleteCustomRewardOperation, type DeleteCustomRewardParams } from './operations/delete-custom-reward';
export { customRewards, customRewardsOperation, type CustomRewardsParams } from './operations/custom-rewards';
export { customRewardRedemptions, customRewardRedemptionsOperation, type CustomRewardRedemptionsParams } from './operations/custom-reward-redemptions';
export { updateCustomReward, updateCustomRewardOperation, type UpdateCustomRewardParams } from './operations/update-custom-reward';
export { updateRedemptionStatus, updateRedemptionStatusOperation, type UpdateRedemptionStatusParams } from './operations/update-redemption-status';
export { polls, pollsOperation, type PollsParams } from './operations/polls';
export { createPoll, createPollOperation, type CreatePollParams } from './operations/create-poll';
export { endPoll, endPollOperation, type EndPollParams } from './operations/end-poll';
export { predictions, predictionsOperation, type PredictionsParams } from './operations/predictions';
export { createPrediction, createPredictionOperation, type CreatePredictionParams } from './operations/create-prediction';
export { endPrediction, endPredictionOperation, type EndPredictionParams } from './operations/end-prediction';
export { creatorGoals, creatorGoalsOperation, type CreatorGoalsParams } from './operations/creator-goals';
export { hypeTrainStatus, hypeTrainStatusOperation, type HypeTrainStatusParams } from './operations/hype-train-status';
export { charityCampaign, charityCampaignOperation, type CharityCampaignParams } from './operations/charity-campaign';
export { charityDonations, charityDonationsOperation, type CharityDonationsParams } from './operations/charity-donations';
export { bitsLeaderboard, bitsLeaderboardOperation, type BitsLeaderboardParams } from './operations/bits-leaderboard';
export { cheermotes, cheermotesOperation, type CheermotesParams } from './operations/cheermotes';
export { extensionTransactions, extensionTransactionsOperation, type ExtensionTransactionsParams } from './operations/extension-transactions';
export { customPowerUps, customPowerUpsOperation, type CustomPowerUpsParams } from './operations/custom-power-ups';
export { broadcasterSubscriptions, broadcasterSubscriptionsOperation, type BroadcasterSubscriptionsParams } from './operations/broadcaster-subscriptions';
export { checkUserSubscription, checkUserSubscriptionOperation, type CheckUserSubscriptionParams } from './operations/check-user-subscription';
export type {
  CustomRewardImage,
  MaxPerStreamSetting,
  MaxPerUserPerStreamSetting,
  GlobalCooldownSetting,
  CustomReward,
  RedemptionStatus,
  CustomRewardRedemption,
  PollStatus,
  PollChoice,
  Poll,
  PredictionStatus,
  PredictionPredictor,
  PredictionOutcome,
  Prediction,
  CreatorGoalType,
  CreatorGoal,
  HypeTrainParticipant,
  HypeTrainContribution,
  HypeTrain,
  HypeTrainRecord,
  HypeTrainStatus,
  CharityAmount,
  CharityCampaign,
  CharityDonation,
  BitsLeaderboardPeriod,
  BitsLeader,
  BitsLeaderboard,
  CheermoteImageSizes,
  CheermoteImages,
  CheermoteTier,
  CheermoteType,
  Cheermote,
  ChannelCustomPowerUp,
  ExtensionTransactionProduct,
  ExtensionTransaction,
  SubscriptionTier,
  BroadcasterSubscription,
  BroadcasterSubscriptionsExtra,
  UserSubscription,
} from './types';
