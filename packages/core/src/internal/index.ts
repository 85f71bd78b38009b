// `@platform/core/internal`: what the platform client packages need from each other (a client's
// core, the request pipeline, the OAuth server requests, the messages shared with the auth package).
// It is not part of the public API: names here may change in any release. Programs use the names of
// `@platform/core` (or `@platform/client`).
export { clientCore, clientInternals } from '../client';
export { ClientCore } from '../client-core';
export {
  authUrlOf,
  eventSubWsUrlOf,
  defaultAuthUrl,
  defaultBaseUrl,
  defaultEventSubWsUrl,
  describe as describeValue,
  nonEmptyString,
} from '../options';
export { rawTokenAuthenticator, rawCredential, noTokenError, missingActingUserError } from '../authenticator';
export { runCall, type Call, type ApiAnswer } from '../pipeline';
// `Sender`: the transport's name before it was public (`PlatformTransport`), kept for the packages that use it.
export type { AnswerHeaders, Answer, Exchange, PlatformTransport as Sender, Sending } from '../transport';
export { internalsOf, type ClientView, type Identity } from '../internals';
export { authServerRequest, type AuthServerRequest, type AuthServerAnswer } from '../auth-server';
export { encodeQuery, ownParams } from '../operation';
export { characterCount, isIdList } from '../params';
export { redact, hideSecrets } from '../redact';
export type { Log } from '../log';
export { watched, sent, settled } from '../observe';
export { retryDelay, endpointLimitDelay } from '../backoff';
// The clock's helpers (a sleep on any clock, a signal's reason). Also named so that the built entry
// imports the clock's shared chunk by name: esbuild warns about a bare import of a chunk in a package
// without side effects, and users bundling @platform/client would see that warning.
export { abortReason, sleepWith } from '../clock';
