// The browser build of @platform/client, chosen by the `browser` export condition: every public name
// but the webhook and conduit listeners, which need the app token and so a server.
export * from './common';
export { Platform, type PlatformOptions } from './platform-browser';
// The types of the operation groups `Platform` hands out (`client.chat`...), and of the standalone
// operations a group binds.
export type {
  ChatGroup,
  ModerationGroup,
  GuestStarGroup,
  UsersGroup,
  ChannelsGroup,
  TeamsGroup,
  SearchGroup,
  GamesGroup,
  ContentClassificationLabelsGroup,
  WhispersGroup,
  StreamsGroup,
  VideosGroup,
  ClipsGroup,
  ScheduleGroup,
  RaidsGroup,
  AdsGroup,
  ChannelPointsGroup,
  PollsGroup,
  PredictionsGroup,
  GoalsGroup,
  HypeTrainGroup,
  CharityGroup,
  BitsGroup,
  SubscriptionsGroup,
  ExtensionsGroup,
  AnalyticsGroup,
  EntitlementsGroup,
} from './groups';
export type { Operation } from './bind';
// EventSub: the catalogue, the payload types and the listener base, the WebSocket listener. They are
// re-exported here, not in ./common: a star re-export of another package in a chunk both builds
// share would become a runtime copy of that package's names in each build.
export * from '@platform/eventsub';
export * from '@platform/eventsub-ws';
// The operation groups whose names are unique across packages, re-exported whole.
export * from '@platform/api-users';
export * from '@platform/api-streams';
export * from '@platform/api-engagement';
export * from '@platform/api-extensions';
// @platform/api-engagement and @platform/eventsub both name these types: the operations' resources and
// the events' payloads differ in shape. Here the events' keep the plain names and the operations' carry
// their package's name (EngagementPollChoice...).
export type { Cheermote, CustomRewardImage, HypeTrainContribution, HypeTrainParticipant, PollChoice, PredictionOutcome, PredictionPredictor, SubscriptionTier } from '@platform/eventsub';
export type { Cheermote as EngagementCheermote, CustomRewardImage as EngagementCustomRewardImage, HypeTrainContribution as EngagementHypeTrainContribution, HypeTrainParticipant as EngagementHypeTrainParticipant, PollChoice as EngagementPollChoice, PredictionOutcome as EngagementPredictionOutcome, PredictionPredictor as EngagementPredictionPredictor, SubscriptionTier as EngagementSubscriptionTier } from '@platform/api-engagement';
