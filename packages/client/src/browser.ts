// The browser build of @platform/client, chosen by the `browser` export condition: every public name
// but the webhook and conduit listeners, which need the app token and so a server.
export * from './common';
export { Platform, type PlatformOptions } from './platform-browser';
