// The operations each group of `Platform` binds to the client (`client.chat.chatters(...)`), and the
// type of each bound group.
import type { BoundGroup } from './bind';
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
  /** Lists the users in a channel's chat ({@link chatters}). */
  chatters,
  /** Gets a channel's own emotes ({@link channelEmotes}). */
  channelEmotes,
  /** Gets the emotes every user can type in any chat ({@link globalEmotes}). */
  globalEmotes,
  /** Gets the emotes of one or more emote sets ({@link emoteSets}). */
  emoteSets,
  /** Gets a channel's own chat badges ({@link channelBadges}). */
  channelBadges,
  /** Gets the chat badges every channel shows ({@link globalBadges}). */
  globalBadges,
  /** Gets a channel's chat settings ({@link chatSettings}). */
  settings: chatSettings,
  /** Gets the shared chat session a channel is in, or null ({@link sharedSession}). */
  sharedSession,
  /** Lists the emotes a user can type in any chat ({@link userEmotes}). */
  userEmotes,
  /** Changes a channel's chat settings ({@link chatUpdateSettings}). */
  updateSettings: chatUpdateSettings,
  /** Sends an announcement to a channel's chat ({@link announce}). */
  announce,
  /** Gives another broadcaster a shoutout in a channel's chat ({@link shoutout}). */
  shoutout,
  /** Sends a message to a channel's chat ({@link send}). */
  send,
  /** Gets the message pinned in a channel's chat, or null ({@link pinnedMessage}). */
  pinnedMessage,
  /** Pins a message in a channel's chat ({@link pin}). */
  pin,
  /** Changes how long the pinned message stays pinned ({@link updatePin}). */
  updatePin,
  /** Unpins the pinned message of a channel's chat ({@link unpin}). */
  unpin,
  /** Gets the chat colors of users ({@link colors}). */
  colors,
  /** Sets the color of a user's name in chat ({@link setColor}). */
  setColor,
};

/**
 * `client.chat`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ChatGroup = BoundGroup<typeof chatGroup>;

/** The moderation operations, as `client.moderation` binds them. */
export const moderationGroup = {
  /** Checks whether AutoMod would let messages through, without posting them ({@link checkAutoMod}). */
  checkAutoMod,
  /** Allows or denies a chat message that AutoMod holds for review ({@link manageAutoModMessage}). */
  manageAutoModMessage,
  /** Gets a channel's AutoMod levels ({@link autoModSettings}). */
  autoModSettings,
  /** Sets a channel's AutoMod levels ({@link updateAutoModSettings}). */
  updateAutoModSettings,
  /** Lists the users banned or timed out in a channel ({@link bans}). */
  bans,
  /** Bans a user from a channel, or times them out ({@link ban}). */
  ban,
  /** Lifts a ban or a timeout ({@link unban}). */
  unban,
  /** Lists a channel's unban requests in one state ({@link unbanRequests}). */
  unbanRequests,
  /** Approves or denies an open unban request ({@link resolveUnbanRequest}). */
  resolveUnbanRequest,
  /** Lists the terms a channel blocks ({@link blockedTerms}). */
  blockedTerms,
  /** Blocks a term in a channel's chat ({@link addBlockedTerm}). */
  addBlockedTerm,
  /** Unblocks a term ({@link removeBlockedTerm}). */
  removeBlockedTerm,
  /** Deletes one chat message, or clears the whole chat ({@link deleteMessages}). */
  deleteMessages,
  /** Lists the channels the user moderates ({@link moderatedChannels}). */
  moderatedChannels,
  /** Lists a channel's moderators ({@link moderators}). */
  moderators,
  /** Makes a user a moderator of the broadcaster's channel ({@link addModerator}). */
  addModerator,
  /** Takes moderator status away from a user ({@link removeModerator}). */
  removeModerator,
  /** Lists a channel's VIPs ({@link vips}). */
  vips,
  /** Makes a user a VIP of the broadcaster's channel ({@link addVip}). */
  addVip,
  /** Takes VIP status away from a user ({@link removeVip}). */
  removeVip,
  /** Turns a channel's Shield Mode on or off ({@link updateShieldMode}). */
  updateShieldMode,
  /** Gets a channel's Shield Mode status ({@link shieldMode}). */
  shieldMode,
  /** Warns a chatter, who cannot chat again until they acknowledge it ({@link warn}). */
  warn,
  /** Marks a user as suspicious in a channel ({@link addSuspiciousStatus}). */
  addSuspiciousStatus,
  /** Removes a user's suspicious status in a channel ({@link removeSuspiciousStatus}). */
  removeSuspiciousStatus,
};

/**
 * `client.moderation`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ModerationGroup = BoundGroup<typeof moderationGroup>;

/** The guest star operations (beta), as `client.guestStar` binds them. */
export const guestStarGroup = {
  /** Reads a channel's guest star settings ({@link guestStarSettings}). */
  settings: guestStarSettings,
  /** Changes a channel's guest star settings ({@link guestStarUpdateSettings}). */
  updateSettings: guestStarUpdateSettings,
  /** Reads a channel's running guest star session, or null ({@link session}). */
  session,
  /** Starts a guest star session with the host as its only member ({@link createSession}). */
  createSession,
  /** Ends a running guest star session ({@link endSession}). */
  endSession,
  /** Lists the guests invited to a session and where each stands ({@link invites}). */
  invites,
  /** Invites a user to a running guest star session ({@link invite}). */
  invite,
  /** Withdraws a guest's invitation to a session ({@link deleteInvite}). */
  deleteInvite,
  /** Seats an invited, `READY` guest in an empty slot ({@link assignSlot}). */
  assignSlot,
  /** Moves a seated guest to another slot ({@link updateSlot}). */
  updateSlot,
  /** Removes a guest from their slot ({@link deleteSlot}). */
  deleteSlot,
  /** Changes the audio, video, live state and volume of a slot ({@link updateSlotSettings}). */
  updateSlotSettings,
};

/**
 * `client.guestStar`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type GuestStarGroup = BoundGroup<typeof guestStarGroup>;

/** The users operations, as `client.users` binds them. */
export const usersGroup = {
  /** Gets users by ID, by login name, or both ({@link users}). */
  users,
  /** Updates the description of the token user's channel ({@link updateUser}). */
  updateUser,
  /** Lists the users a broadcaster has blocked ({@link blockList}). */
  blockList,
  /** Blocks a user from interacting with the token's user ({@link blockUser}). */
  blockUser,
  /** Removes a user from the token user's block list ({@link unblockUser}). */
  unblockUser,
  /** Lists every extension the token's broadcaster has installed ({@link userExtensions}). */
  userExtensions,
  /** Gets the extensions active in each slot of a broadcaster's channel ({@link activeExtensions}). */
  activeExtensions,
  /** Activates, moves or deactivates extensions in the token user's slots ({@link updateUserExtensions}). */
  updateUserExtensions,
  /** Gets the scopes each user has granted the application ({@link authorizationByUser}). */
  authorizationByUser,
};

/**
 * `client.users`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type UsersGroup = BoundGroup<typeof usersGroup>;

/** The channels operations, as `client.channels` binds them. */
export const channelsGroup = {
  /** Gets the information of channels: title, game, language, tags, labels ({@link channelInformation}). */
  channelInformation,
  /** Changes a channel's information ({@link updateChannel}). */
  updateChannel,
  /** Lists the users who may edit a broadcaster's channel ({@link channelEditors}). */
  channelEditors,
  /** Lists the broadcasters a user follows ({@link followedChannels}). */
  followedChannels,
  /** Lists the users who follow a broadcaster ({@link channelFollowers}). */
  channelFollowers,
};

/**
 * `client.channels`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ChannelsGroup = BoundGroup<typeof channelsGroup>;

/** The teams operations, as `client.teams` binds them. */
export const teamsGroup = {
  /** Lists the teams a broadcaster belongs to ({@link channelTeams}). */
  channelTeams,
  /** Gets a team and its members, by name or by ID ({@link teams}). */
  teams,
};

/**
 * `client.teams`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type TeamsGroup = BoundGroup<typeof teamsGroup>;

/** The search operations, as `client.search` binds them. */
export const searchGroup = {
  /** Finds games and categories by name ({@link searchCategories}). */
  searchCategories,
  /** Finds channels by name, or live channels by name or category ({@link searchChannels}). */
  searchChannels,
};

/**
 * `client.search`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type SearchGroup = BoundGroup<typeof searchGroup>;

/** The games operations, as `client.games` binds them. */
export const gamesGroup = {
  /** Lists the games and categories with the most viewers now ({@link topGames}). */
  topGames,
  /** Gets games and categories by ID, exact name or IGDB ID ({@link games}). */
  games,
};

/**
 * `client.games`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type GamesGroup = BoundGroup<typeof gamesGroup>;

/** The content classification labels operation, as `client.contentClassificationLabels` binds it. */
export const contentClassificationLabelsGroup = {
  /** Lists the content classification labels a channel can carry ({@link contentClassificationLabels}). */
  contentClassificationLabels,
};

/**
 * `client.contentClassificationLabels`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ContentClassificationLabelsGroup = BoundGroup<typeof contentClassificationLabelsGroup>;

/** The whispers operation, as `client.whispers` binds it. */
export const whispersGroup = {
  /** Sends a whisper (a private message) to a user ({@link sendWhisper}). */
  sendWhisper,
};

/**
 * `client.whispers`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type WhispersGroup = BoundGroup<typeof whispersGroup>;

/** The streams operations, as `client.streams` binds them. */
export const streamsGroup = {
  /** Gets the channel's stream key ({@link streamKey}). */
  streamKey,
  /** Lists live streams, most watched first ({@link streams}). */
  streams,
  /** Lists the live streams of the channels the user follows ({@link followedStreams}). */
  followedStreams,
  /** Marks the current point of a live stream ({@link createStreamMarker}). */
  createStreamMarker,
  /** Lists the markers of a broadcaster's latest video or of one video ({@link streamMarkers}). */
  streamMarkers,
};

/**
 * `client.streams`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type StreamsGroup = BoundGroup<typeof streamsGroup>;

/** The videos operations, as `client.videos` binds them. */
export const videosGroup = {
  /** Lists published videos by ID, by broadcaster or by category ({@link videos}). */
  videos,
  /** Deletes videos ({@link deleteVideos}). */
  deleteVideos,
};

/**
 * `client.videos`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type VideosGroup = BoundGroup<typeof videosGroup>;

/** The clips operations, as `client.clips` binds them. */
export const clipsGroup = {
  /** Starts clipping a live stream ({@link createClip}). */
  createClip,
  /** Creates a clip from a video (VOD) ({@link createClipFromVod}). */
  createClipFromVod,
  /** Lists clips by broadcaster, by category or by ID ({@link clips}). */
  clips,
  /** Gets the addresses to download clips' video files ({@link clipsDownload}). */
  clipsDownload,
};

/**
 * `client.clips`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ClipsGroup = BoundGroup<typeof clipsGroup>;

/** The schedule operations, as `client.schedule` binds them. */
export const scheduleGroup = {
  /** Reads a broadcaster's streaming schedule, segment by segment ({@link schedule}). */
  schedule,
  /** Gets a broadcaster's streaming schedule as an iCalendar document ({@link scheduleICalendar}). */
  scheduleICalendar,
  /** Schedules or cancels a vacation in a broadcaster's schedule ({@link updateSchedule}). */
  updateSchedule,
  /** Adds a broadcast, once or weekly, to a streaming schedule ({@link createScheduleSegment}). */
  createScheduleSegment,
  /** Changes a broadcast of a streaming schedule ({@link updateScheduleSegment}). */
  updateScheduleSegment,
  /** Removes a broadcast from a streaming schedule ({@link deleteScheduleSegment}). */
  deleteScheduleSegment,
};

/**
 * `client.schedule`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ScheduleGroup = BoundGroup<typeof scheduleGroup>;

/** The raids operations, as `client.raids` binds them. */
export const raidsGroup = {
  /** Starts a raid of another channel ({@link startRaid}). */
  startRaid,
  /** Cancels a pending raid ({@link cancelRaid}). */
  cancelRaid,
};

/**
 * `client.raids`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type RaidsGroup = BoundGroup<typeof raidsGroup>;

/** The ads operations, as `client.ads` binds them. */
export const adsGroup = {
  /** Starts a commercial on the broadcaster's live channel ({@link startCommercial}). */
  startCommercial,
  /** Gets the channel's ad schedule ({@link adSchedule}). */
  adSchedule,
  /** Pushes the next scheduled mid-roll ad back by 5 minutes ({@link snoozeNextAd}). */
  snoozeNextAd,
};

/**
 * `client.ads`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type AdsGroup = BoundGroup<typeof adsGroup>;

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
};

/**
 * `client.channelPoints`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ChannelPointsGroup = BoundGroup<typeof channelPointsGroup>;

/** The polls operations, as `client.polls` binds them. */
export const pollsGroup = {
  /** Lists the broadcaster's polls of the last 90 days ({@link polls}). */
  polls,
  /** Starts a poll in the broadcaster's channel ({@link createPoll}). */
  createPoll,
  /** Ends a running poll before its time ({@link endPoll}). */
  endPoll,
};

/**
 * `client.polls`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type PollsGroup = BoundGroup<typeof pollsGroup>;

/** The predictions operations, as `client.predictions` binds them. */
export const predictionsGroup = {
  /** Lists the broadcaster's Channel Points predictions ({@link predictions}). */
  predictions,
  /** Starts a Channel Points prediction ({@link createPrediction}). */
  createPrediction,
  /** Locks, resolves or cancels a Channel Points prediction ({@link endPrediction}). */
  endPrediction,
};

/**
 * `client.predictions`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type PredictionsGroup = BoundGroup<typeof predictionsGroup>;

/** The goals operations, as `client.goals` binds them. */
export const goalsGroup = {
  /** Lists the broadcaster's active creator goals ({@link creatorGoals}). */
  creatorGoals,
};

/**
 * `client.goals`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type GoalsGroup = BoundGroup<typeof goalsGroup>;

/** The hypeTrain operations, as `client.hypeTrain` binds them. */
export const hypeTrainGroup = {
  /** Gets the channel's Hype Train status ({@link hypeTrainStatus}). */
  hypeTrainStatus,
};

/**
 * `client.hypeTrain`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type HypeTrainGroup = BoundGroup<typeof hypeTrainGroup>;

/** The charity operations, as `client.charity` binds them. */
export const charityGroup = {
  /** Gets the charity campaign the broadcaster is running, or null ({@link charityCampaign}). */
  charityCampaign,
  /** Lists the donations to the broadcaster's active charity campaign ({@link charityDonations}). */
  charityDonations,
};

/**
 * `client.charity`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type CharityGroup = BoundGroup<typeof charityGroup>;

/** The bits operations, as `client.bits` binds them. */
export const bitsGroup = {
  /** Gets the Bits leaderboard of the token's channel ({@link bitsLeaderboard}). */
  bitsLeaderboard,
  /** Lists the Cheermotes viewers can cheer Bits with ({@link cheermotes}). */
  cheermotes,
  /** Lists an extension's transactions ({@link extensionTransactions}). */
  extensionTransactions,
};

/**
 * `client.bits`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type BitsGroup = BoundGroup<typeof bitsGroup>;

/** The subscriptions operations, as `client.subscriptions` binds them. */
export const subscriptionsGroup = {
  /** Lists the users who subscribe to the broadcaster ({@link broadcasterSubscriptions}). */
  broadcasterSubscriptions,
  /** Checks whether the user subscribes to the broadcaster ({@link checkUserSubscription}). */
  checkUserSubscription,
};

/**
 * `client.subscriptions`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type SubscriptionsGroup = BoundGroup<typeof subscriptionsGroup>;

/** The extensions operations, as `client.extensions` binds them. */
export const extensionsGroup = {
  /** Gets configuration segments of an extension ({@link extensionConfiguration}). */
  extensionConfiguration,
  /** Sets a configuration segment of an extension ({@link setExtensionConfiguration}). */
  setExtensionConfiguration,
  /** Sets the required configuration of an extension on a channel ({@link setExtensionRequiredConfiguration}). */
  setExtensionRequiredConfiguration,
  /** Sends a PubSub message to one channel, every channel or single users ({@link sendExtensionPubSubMessage}). */
  sendExtensionPubSubMessage,
  /** Lists the broadcasters streaming live with the extension ({@link extensionLiveChannels}). */
  extensionLiveChannels,
  /** Gets the shared secrets of an extension ({@link extensionSecrets}). */
  extensionSecrets,
  /** Creates a new shared secret for an extension ({@link createExtensionSecret}). */
  createExtensionSecret,
  /** Sends a message to a channel's chat in the extension's name ({@link sendExtensionChatMessage}). */
  sendExtensionChatMessage,
  /** Gets an extension in any state ({@link extension}). */
  extension,
  /** Gets a released extension ({@link releasedExtension}). */
  releasedExtension,
  /** Lists the Bits products of the client's extension ({@link extensionBitsProducts}). */
  extensionBitsProducts,
  /** Adds or updates a Bits product of the extension ({@link updateExtensionBitsProduct}). */
  updateExtensionBitsProduct,
};

/**
 * `client.extensions`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type ExtensionsGroup = BoundGroup<typeof extensionsGroup>;

/** The analytics operations, as `client.analytics` binds them. */
export const analyticsGroup = {
  /** Lists analytics reports of the user's extensions ({@link extensionAnalytics}). */
  extensionAnalytics,
  /** Lists analytics reports of the user's games ({@link gameAnalytics}). */
  gameAnalytics,
};

/**
 * `client.analytics`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type AnalyticsGroup = BoundGroup<typeof analyticsGroup>;

/** The entitlements operations, as `client.entitlements` binds them. */
export const entitlementsGroup = {
  /** Lists the drops entitlements of the organization ({@link dropsEntitlements}). */
  dropsEntitlements,
  /** Sets the fulfillment status of drops entitlements ({@link updateDropsEntitlements}). */
  updateDropsEntitlements,
};

/**
 * `client.entitlements`: each operation bound to the client (or to the `client.as()` view it was read
 * from), called without the client argument.
 * @useDeclaredType
 */
export type EntitlementsGroup = BoundGroup<typeof entitlementsGroup>;
