// `@platform/auth/internal`: the authenticator class that `platformAuth()` makes for a client. It
// is not part of the public API: names here may change in any release. Programs use `platformAuth()`
// and `authOf(client)` (or `Platform`'s `client.auth`) of `@platform/auth` (or `@platform/client`).
export { AuthManager } from '../auth-manager';
