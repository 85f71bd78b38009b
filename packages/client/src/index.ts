// The server build of @platform/client (Node, Deno, Bun): every public name of the platform client
// packages. Chat and guest star both have `settings` and `updateSettings`: those are re-exported with
// their group as a prefix (chatSettings, guestStarSettings...).
export * from './common';
export { Platform, type PlatformOptions } from './platform';
// EventSub: the catalogue, the payload types and the listener base, the WebSocket listener. They are
// re-exported here, not in ./common: a star re-export of another package in a chunk both builds
// share would become a runtime copy of that package's names in each build.
export * from '@platform/eventsub';
export * from '@platform/eventsub-ws';
export * from '@platform/eventsub-webhook';
export * from '@platform/eventsub-conduit';
