// `@platform/eventsub-webhook/internal`: what the conduit listener (its webhook shards) shares with
// the webhook listener: the check of a callback and secret, the repeat check's time to live, and the
// comparison of a shared transport's subscriptions with the platform's list. It is not part of the
// public API: names here may change in any release. Programs use the names of
// `@platform/eventsub-webhook` (or `@platform/client`).
export { checkCallbackAndSecret, dedupeTtlMs } from '../receiver';
export { every, listedAs, listedOn } from '../listed';
