// The browser build of @platform/client, chosen by the `browser` export condition: what the server
// build exports but the webhook and conduit listeners, which need the app token and so a server.
// The names both builds export are listed once, in ./common; here are this build's `Platform` and
// the packages re-exported whole, which must sit in the entry file (see index.ts).
export * from './common';
export { Platform } from './platform-browser';
export * from '@platform/eventsub';
export * from '@platform/eventsub-ws';
export * from '@platform/api-moderation';
export * from '@platform/api-users';
export * from '@platform/api-streams';
export * from '@platform/api-engagement';
export * from '@platform/api-extensions';
// Both packages name these types; the events' keep the plain names (see index.ts).
export type { Cheermote, CustomRewardImage, HypeTrainContribution, HypeTrainParticipant, PollChoice, PredictionOutcome, PredictionPredictor, SubscriptionTier } from '@platform/eventsub';
export type { Cheermote as EngagementCheermote, CustomRewardImage as EngagementCustomRewardImage, HypeTrainContribution as EngagementHypeTrainContribution, HypeTrainParticipant as EngagementHypeTrainParticipant, PollChoice as EngagementPollChoice, PredictionOutcome as EngagementPredictionOutcome, PredictionPredictor as EngagementPredictionPredictor, SubscriptionTier as EngagementSubscriptionTier } from '@platform/api-engagement';
