export { createMockPlatform, bucketOf, type MockPlatform, type MockPlatformOptions, type LoggedRequest } from './mock-platform';
export type { Fault, FaultRule } from './faults';
export type {
  MockEventSub,
  EventSubOptions,
  EventSubLimits,
  ResolvedEventSubOptions,
  EventSubDelivery,
  TriggerOptions,
  EventSubSessionInfo,
  EventSubConduitInfo,
} from './eventsub';
export type { RaisedEvent } from './events';
export { OAuthServer } from './oauth';
export { RateLimiter } from './rate-limit';
export { MockState, type MockUser, type MockClient, type MockToken, type MockChannel, type MockBan, type MockChatMessage } from './state';
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
