// The operations each group of `Platform` binds to the client (`client.chat.chatters(...)`).
import {
  chatters,
  channelEmotes,
  globalEmotes,
  emoteSets,
  channelBadges,
  globalBadges,
  settings as chatSettings,
  sharedSession,
  userEmotes,
  updateSettings as chatUpdateSettings,
  announce,
  shoutout,
  send,
  pinnedMessage,
  pin,
  updatePin,
  unpin,
  colors,
  setColor,
} from '@platform/api-chat';
import {
  checkAutoMod,
  manageAutoModMessage,
  autoModSettings,
  updateAutoModSettings,
  bans,
  ban,
  unban,
  unbanRequests,
  resolveUnbanRequest,
  blockedTerms,
  addBlockedTerm,
  removeBlockedTerm,
  deleteMessages,
  moderatedChannels,
  moderators,
  addModerator,
  removeModerator,
  vips,
  addVip,
  removeVip,
  updateShieldMode,
  shieldMode,
  warn,
  addSuspiciousStatus,
  removeSuspiciousStatus,
} from '@platform/api-moderation';
import {
  settings as guestStarSettings,
  updateSettings as guestStarUpdateSettings,
  session,
  createSession,
  endSession,
  invites,
  invite,
  deleteInvite,
  assignSlot,
  updateSlot,
  deleteSlot,
  updateSlotSettings,
} from '@platform/api-gueststar';
import {
  users,
  updateUser,
  blockList,
  blockUser,
  unblockUser,
  userExtensions,
  activeExtensions,
  updateUserExtensions,
  authorizationByUser,
  channelInformation,
  updateChannel,
  channelEditors,
  followedChannels,
  channelFollowers,
  channelTeams,
  teams,
  searchCategories,
  searchChannels,
  topGames,
  games,
  contentClassificationLabels,
  sendWhisper,
} from '@platform/api-users';
import {
  streamKey,
  streams,
  followedStreams,
  createStreamMarker,
  streamMarkers,
  videos,
  deleteVideos,
  createClip,
  createClipFromVod,
  clips,
  clipsDownload,
  schedule,
  scheduleICalendar,
  updateSchedule,
  createScheduleSegment,
  updateScheduleSegment,
  deleteScheduleSegment,
  startRaid,
  cancelRaid,
  startCommercial,
  adSchedule,
  snoozeNextAd,
} from '@platform/api-streams';
import {
  createCustomReward,
  deleteCustomReward,
  customRewards,
  customRewardRedemptions,
  updateCustomReward,
  updateRedemptionStatus,
  polls,
  createPoll,
  endPoll,
  predictions,
  createPrediction,
  endPrediction,
  creatorGoals,
  hypeTrainStatus,
  charityCampaign,
  charityDonations,
  bitsLeaderboard,
  cheermotes,
  extensionTransactions,
  broadcasterSubscriptions,
  checkUserSubscription,
} from '@platform/api-engagement';
import {
  extensionConfiguration,
  setExtensionConfiguration,
  setExtensionRequiredConfiguration,
  sendExtensionPubSubMessage,
  extensionLiveChannels,
  extensionSecrets,
  createExtensionSecret,
  sendExtensionChatMessage,
  extension,
  releasedExtension,
  extensionBitsProducts,
  updateExtensionBitsProduct,
  extensionAnalytics,
  gameAnalytics,
  dropsEntitlements,
  updateDropsEntitlements,
} from '@platform/api-extensions';

/** The chat operations, as `client.chat` binds them. */
export const chatGroup = {
  chatters,
  channelEmotes,
  globalEmotes,
  emoteSets,
  channelBadges,
  globalBadges,
  settings: chatSettings,
  sharedSession,
  userEmotes,
  updateSettings: chatUpdateSettings,
  announce,
  shoutout,
  send,
  pinnedMessage,
  pin,
  updatePin,
  unpin,
  colors,
  setColor,
};

/** The moderation operations, as `client.moderation` binds them. */
export const moderationGroup = {
  checkAutoMod,
  manageAutoModMessage,
  autoModSettings,
  updateAutoModSettings,
  bans,
  ban,
  unban,
  unbanRequests,
  resolveUnbanRequest,
  blockedTerms,
  addBlockedTerm,
  removeBlockedTerm,
  deleteMessages,
  moderatedChannels,
  moderators,
  addModerator,
  removeModerator,
  vips,
  addVip,
  removeVip,
  updateShieldMode,
  shieldMode,
  warn,
  addSuspiciousStatus,
  removeSuspiciousStatus,
};

/** The guest star operations (beta), as `client.guestStar` binds them. */
export const guestStarGroup = {
  settings: guestStarSettings,
  updateSettings: guestStarUpdateSettings,
  session,
  createSession,
  endSession,
  invites,
  invite,
  deleteInvite,
  assignSlot,
  updateSlot,
  deleteSlot,
  updateSlotSettings,
};

/** The users operations, as `client.users` binds them. */
export const usersGroup = { users, updateUser, blockList, blockUser, unblockUser, userExtensions, activeExtensions, updateUserExtensions, authorizationByUser };

/** The channels operations, as `client.channels` binds them. */
export const channelsGroup = { channelInformation, updateChannel, channelEditors, followedChannels, channelFollowers };

/** The teams operations, as `client.teams` binds them. */
export const teamsGroup = { channelTeams, teams };

/** The search operations, as `client.search` binds them. */
export const searchGroup = { searchCategories, searchChannels };

/** The games operations, as `client.games` binds them. */
export const gamesGroup = { topGames, games };

/** The content classification labels operation, as `client.contentClassificationLabels` binds it. */
export const contentClassificationLabelsGroup = { contentClassificationLabels };

/** The whispers operation, as `client.whispers` binds it. */
export const whispersGroup = { sendWhisper };

/** The streams operations, as `client.streams` binds them. */
export const streamsGroup = { streamKey, streams, followedStreams, createStreamMarker, streamMarkers };

/** The videos operations, as `client.videos` binds them. */
export const videosGroup = { videos, deleteVideos };

/** The clips operations, as `client.clips` binds them. */
export const clipsGroup = { createClip, createClipFromVod, clips, clipsDownload };

/** The schedule operations, as `client.schedule` binds them. */
export const scheduleGroup = { schedule, scheduleICalendar, updateSchedule, createScheduleSegment, updateScheduleSegment, deleteScheduleSegment };

/** The raids operations, as `client.raids` binds them. */
export const raidsGroup = { startRaid, cancelRaid };

/** The ads operations, as `client.ads` binds them. */
export const adsGroup = { startCommercial, adSchedule, snoozeNextAd };

/** The channelPoints operations, as `client.channelPoints` binds them. */
export const channelPointsGroup = { createCustomReward, deleteCustomReward, customRewards, customRewardRedemptions, updateCustomReward, updateRedemptionStatus };

/** The polls operations, as `client.polls` binds them. */
export const pollsGroup = { polls, createPoll, endPoll };

/** The predictions operations, as `client.predictions` binds them. */
export const predictionsGroup = { predictions, createPrediction, endPrediction };

/** The goals operations, as `client.goals` binds them. */
export const goalsGroup = { creatorGoals };

/** The hypeTrain operations, as `client.hypeTrain` binds them. */
export const hypeTrainGroup = { hypeTrainStatus };

/** The charity operations, as `client.charity` binds them. */
export const charityGroup = { charityCampaign, charityDonations };

/** The bits operations, as `client.bits` binds them. */
export const bitsGroup = { bitsLeaderboard, cheermotes, extensionTransactions };

/** The subscriptions operations, as `client.subscriptions` binds them. */
export const subscriptionsGroup = { broadcasterSubscriptions, checkUserSubscription };

/** The extensions operations, as `client.extensions` binds them. */
export const extensionsGroup = { extensionConfiguration, setExtensionConfiguration, setExtensionRequiredConfiguration, sendExtensionPubSubMessage, extensionLiveChannels, extensionSecrets, createExtensionSecret, sendExtensionChatMessage, extension, releasedExtension, extensionBitsProducts, updateExtensionBitsProduct };

/** The analytics operations, as `client.analytics` binds them. */
export const analyticsGroup = { extensionAnalytics, gameAnalytics };

/** The entitlements operations, as `client.entitlements` binds them. */
export const entitlementsGroup = { dropsEntitlements, updateDropsEntitlements };
