// The server build of @platform/client (Node, Deno, Bun). The names both builds export are listed
// once, in ./common; here are this build's `Platform` and the packages re-exported whole.
export * from './common';
export { Platform } from './platform';
// The packages re-exported whole: every public name of theirs. A star re-export of another package
// must sit in the entry file: in ./common, a chunk both builds share, the bundler would turn it
// into a runtime copy of that package's names, which the ESM build would not export by name.
// browser.ts has the same lines but the webhook and conduit listeners (server only).
export * from '@platform/eventsub';
export * from '@platform/eventsub-ws';
export * from '@platform/eventsub-webhook';
export * from '@platform/eventsub-conduit';
export * from '@platform/api-moderation';
export * from '@platform/api-users';
export * from '@platform/api-streams';
export * from '@platform/api-engagement';
export * from '@platform/api-extensions';
// @platform/api-engagement and @platform/eventsub both name these types: the operations' resources and
// the events' payloads differ in shape. Here the events' keep the plain names and the operations' carry
// their package's name (EngagementPollChoice...).
export type { Cheermote, CustomRewardImage, HypeTrainContribution, HypeTrainParticipant, PollChoice, PredictionOutcome, PredictionPredictor, SubscriptionTier } from '@platform/eventsub';
export type { Cheermote as EngagementCheermote, CustomRewardImage as EngagementCustomRewardImage, HypeTrainContribution as EngagementHypeTrainContribution, HypeTrainParticipant as EngagementHypeTrainParticipant, PollChoice as EngagementPollChoice, PredictionOutcome as EngagementPredictionOutcome, PredictionPredictor as EngagementPredictionPredictor, SubscriptionTier as EngagementSubscriptionTier } from '@platform/api-engagement';
