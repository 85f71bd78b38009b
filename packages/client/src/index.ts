// The server build of @platform/client (Node, Deno, Bun): every public name of the platform client
// packages. Chat and guest star both have `settings` and `updateSettings`: those are re-exported with
// their group as a prefix (chatSettings, guestStarSettings...).
export * from './common';
export { Platform, type PlatformOptions } from './platform';
export * from '@platform/eventsub-webhook';
export * from '@platform/eventsub-conduit';
