// `@platform/api-engagement/groups`, the operation groups of the package as data: each object lists
// the operations that `Platform` binds as one group (`client.channelPoints`, `client.polls`,
// `client.predictions`, `client.goals`, `client.hypeTrain`, `client.charity`, `client.bits`,
// `client.subscriptions`), so a new operation is added here, in its own package. A subpath of its own
// keeps this data out of the package's index, and so out of the names `@platform/client` re-exports.
import { createCustomReward } from './operations/create-custom-reward';
import { deleteCustomReward } from './operations/delete-custom-reward';
import { customRewards } from './operations/custom-rewards';
import { customRewardRedemptions } from './operations/custom-reward-redemptions';
import { updateCustomReward } from './operations/update-custom-reward';
import { updateRedemptionStatus } from './operations/update-redemption-status';
import { polls } from './operations/polls';
import { createPoll } from './operations/create-poll';
import { endPoll } from './operations/end-poll';
import { predictions } from './operations/predictions';
import { createPrediction } from './operations/create-prediction';
import { endPrediction } from './operations/end-prediction';
import { creatorGoals } from './operations/creator-goals';
import { hypeTrainStatus } from './operations/hype-train-status';
import { charityCampaign } from './operations/charity-campaign';
import { charityDonations } from './operations/charity-donations';
import { bitsLeaderboard } from './operations/bits-leaderboard';
import { cheermotes } from './operations/cheermotes';
import { extensionTransactions } from './operations/extension-transactions';
import { customPowerUps } from './operations/custom-power-ups';
import { broadcasterSubscriptions } from './operations/broadcaster-subscriptions';
import { checkUserSubscription } from './operations/check-user-subscription';

/** The channelPoints operations, as `client.channelPoints` binds them. */
export const channelPointsGroup = {
  /** Creates a custom Channel Points reward ({@link createCustomReward}). */
  createCustomReward,
  /** Deletes a custom reward ({@link deleteCustomReward}). */
  deleteCustomReward,
  /** Lists the custom rewards of the broadcaster's channel ({@link customRewards}). */
  customRewards,
  /** Lists the redemptions of a custom reward ({@link customRewardRedemptions}). */
  customRewardRedemptions,
  /** Changes a custom reward ({@link updateCustomReward}). */
  updateCustomReward,
  /** Fulfils or cancels redemptions of a custom reward ({@link updateRedemptionStatus}). */
  updateRedemptionStatus,
} as const;

/** The polls operations, as `client.polls` binds them. */
export const pollsGroup = {
  /** Lists the broadcaster's polls of the last 90 days ({@link polls}). */
  polls,
  /** Starts a poll in the broadcaster's channel ({@link createPoll}). */
  createPoll,
  /** Ends a running poll before its time ({@link endPoll}). */
  endPoll,
} as const;

/** The predictions operations, as `client.predictions` binds them. */
export const predictionsGroup = {
  /** Lists the broadcaster's Channel Points predictions ({@link predictions}). */
  predictions,
  /** Starts a Channel Points prediction ({@link createPrediction}). */
  createPrediction,
  /** Locks, resolves or cancels a Channel Points prediction ({@link endPrediction}). */
  endPrediction,
} as const;

/** The goals operations, as `client.goals` binds them. */
export const goalsGroup = {
  /** Lists the broadcaster's active creator goals ({@link creatorGoals}). */
  creatorGoals,
} as const;

/** The hypeTrain operations, as `client.hypeTrain` binds them. */
export const hypeTrainGroup = {
  /** Gets the channel's Hype Train status ({@link hypeTrainStatus}). */
  hypeTrainStatus,
} as const;

/** The charity operations, as `client.charity` binds them. */
export const charityGroup = {
  /** Gets the charity campaign the broadcaster is running, or null ({@link charityCampaign}). */
  charityCampaign,
  /** Lists the donations to the broadcaster's active charity campaign ({@link charityDonations}). */
  charityDonations,
} as const;

/** The bits operations, as `client.bits` binds them. */
export const bitsGroup = {
  /** Gets the Bits leaderboard of the token's channel ({@link bitsLeaderboard}). */
  bitsLeaderboard,
  /** Lists the Cheermotes viewers can cheer Bits with ({@link cheermotes}). */
  cheermotes,
  /** Lists an extension's transactions ({@link extensionTransactions}). */
  extensionTransactions,
  /** Lists the custom Power-ups of the broadcaster's channel ({@link customPowerUps}). */
  customPowerUps,
} as const;

/** The subscriptions operations, as `client.subscriptions` binds them. */
export const subscriptionsGroup = {
  /** Lists the users who subscribe to the broadcaster ({@link broadcasterSubscriptions}). */
  broadcasterSubscriptions,
  /** Checks whether the user subscribes to the broadcaster ({@link checkUserSubscription}). */
  checkUserSubscription,
} as const;
