// The browser build of @platform/client, chosen by the `browser` export condition: every public name
// but the webhook and conduit listeners, which need the app token and so a server.
export * from './common';
export { Platform, type PlatformOptions } from './platform-browser';
// EventSub: the catalogue, the payload types and the listener base, the WebSocket listener. They are
// re-exported here, not in ./common: a star re-export of another package in a chunk both builds
// share would become a runtime copy of that package's names in each build.
export * from '@platform/eventsub';
export * from '@platform/eventsub-ws';
