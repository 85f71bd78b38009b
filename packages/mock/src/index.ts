export { createMockPlatform, mockControls, bucketOf, defaultMockClientId, type MockPlatform, type MockPlatformOptions, type MockClientOptions, type LoggedRequest } from './mock-platform';
export type { Fault, FaultRule } from './faults';
export type { ControlInfo, ParamInfo } from './controls';
export type {
  MockEventSub,
  EventSubOptions,
  EventSubLimits,
  ResolvedEventSubOptions,
  EventSubDelivery,
  TriggerOptions,
  EventSubSessionInfo,
  EventSubConduitInfo,
  TransportMethod,
} from './eventsub';
export type { RaisedEvent, EventBus } from './events';
export { OAuthServer, type OAuthControl } from './oauth';
export { RateLimiter } from './rate-limit';
export { MockState, type MockUser, type MockClient, type MockToken, type MockRefreshToken, type MockChannel, type MockBan, type MockChatMessage } from './state';
export type { ChatControl, ChatEmoteInput, ChatBadgeVersionInput, ChatBadgeSetInput, MockChatSettings, MockSharedChatSession } from './routes/chat';
export type {
  GuestStarControl,
  GuestStarLayout,
  GuestStarSettingsRecord,
  GuestStarDevices,
  GuestStarInviteRecord,
  GuestStarMediaRecord,
  GuestStarSeatRecord,
  GuestStarSessionRecord,
} from './routes/guest-star';
export type {
  ModerationControl,
  AutoModCategory,
  AutoModLevels,
  UnbanRequestStatus,
  UnbanRequestRecord,
  BlockedTermRecord,
  HeldMessageRecord,
  WarningRecord,
  SuspiciousStatus,
  SuspiciousUserRecord,
} from './routes/moderation';
export type { UsersGroupsControls } from './routes/users-groups';
export type { UserRoutes, BlockRecord } from './routes/users';
export type { UsersControl, InstalledExtension, InstallExtensionInput, ExtensionSlotType, ExtensionType } from './routes/user-extensions';
export type { ChannelsControl } from './routes/channels';
export type { TeamsControl, TeamRecord, TeamInput } from './routes/teams';
export type { GamesControl, GameInput } from './routes/games';
export type { StreamsGroupsControls } from './routes/streams-groups';
export type { StreamsControl, StreamStartOptions } from './routes/streams';
export type { VideosControl, VideoRecord, VideoInput, VideoType, MarkerRecord } from './routes/videos';
export type { ClipsControl, ClipRecord, ClipInput } from './routes/clips';
export type { SegmentRecord } from './routes/schedule';
export type { RaidsControl, PendingRaid } from './routes/raids';
export type { AdsControl, AdScheduleRecord } from './routes/ads';
export type { MockChannelInfo, MockStream, MockGame, MockStateSnapshot } from './state';
export type { MockSnapshot } from './persist';
export type { EngagementGroupsControls } from './routes/engagement-groups';
export type { ChannelPointsControl, RedeemOptions, CustomRewardRecord, RedemptionRecord, RedemptionStatus } from './routes/channel-points';
export type { PollsControl, PollRecord, PollChoiceRecord, PollStatus, PollVote } from './routes/polls';
export type { PredictionsControl, PredictionRecord, PredictionOutcomeRecord, PredictorRecord, PredictionStatus, PredictionBet } from './routes/predictions';
export type { GoalsControl, GoalRecord, GoalInput, GoalType } from './routes/goals';
export type { HypeTrainControl, HypeTrainRecord, HypeTrainHigh, HypeTrainType, HypeContribution, HypeContributionType } from './routes/hype-train';
export type { CharityControl, CharityCampaignRecord, CharityCampaignInput, CharityDonationRecord } from './routes/charity';
export type { BitsControl, CheerInput, CheerRecord, ExtensionTransactionInput, ExtensionTransactionRecord, CheermoteRecord, CheermoteType, CustomPowerUpInput, CustomPowerUpRecord, CustomPowerUpRedemptionRecord } from './routes/bits';
export type { SubscriptionsControl, SubscriptionRecord, SubscriptionTier, SubscribeOptions, ResubscribeOptions } from './routes/subscriptions';
export type { ExtensionsGroupsControls } from './routes/extensions-groups';
export type { ExtensionsControl, ExtensionInput, BitsProductInput, ConfigurationSegmentInput } from './routes/extensions';
export type {
  ExtensionEntry,
  ExtensionVersionRecord,
  ExtensionVersionInput,
  ExtensionViews,
  ExtensionState,
  ExtensionSecretRecord,
  ConfigurationSegment,
  ConfigurationSegmentRecord,
  RequiredConfigurationRecord,
  BitsProductRecord,
  PubSubMessageRecord,
  ExtensionChatMessageRecord,
} from './routes/extensions-state';
export type { AnalyticsControl, AnalyticsReportInput, AnalyticsReportRecord } from './routes/analytics';
export type { EntitlementsControl, EntitlementRecord, FulfillmentStatus, GrantInput, OrganizationInput, OrganizationRecord } from './routes/entitlements';
export { signExtensionJwt, verifyExtensionJwt, type ExtensionJwtClaims, type RequiredClaim } from './extension-jwt';
