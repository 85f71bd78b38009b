// The public names of @platform/core: what a program calls or writes as a type. What the other
// platform client packages need from core goes through `@platform/core/internal`.
export { createClient, PlatformClient, type RawRequest, type ClientHandle } from './client';
// The type of the core an `authenticator` option receives; its members are internal.
export type { ClientCore } from './client-core';
export type { ClientOptions, FetchFunction } from './options';
export { fetchTransport, type PlatformTransport, type Exchange, type Sending, type Answer, type AnswerHeaders } from './transport';
export { consoleLogger, pinoLogger, createLogger, type PlatformLogger, type LogLevel, type LoggerFactory, type LoggerOptions, type Log } from './log';
export { diagnosticsChannels } from './channels';
export type {
  RateLimitBucketStore,
  RateLimitBucketContext,
  RateLimitBucketsFactory,
  RateLimitHeaders,
  RateLimitTarget,
} from './buckets';
export type { HttpMethod, TokenKind, RequestOptions, RateLimitState, QueryValue } from './types';
export type {
  ClientEvents,
  ClientEventName,
  ClientEventListener,
  RateLimitEvent,
  TokenInvalidEvent,
  RequestEvent,
  ResponseEvent,
  NextStep,
} from './events';
export { systemClock, type Clock } from './clock';
export type { Authenticator, CallTarget, Credential, CredentialRequest } from './authenticator';
export {
  defineOperation,
  callOperation,
  paginateOperation,
  validateParams,
  type OperationDeclaration,
  type OperationPage,
} from './operation';
export {
  voidResult,
  firstResult,
  firstOrNullResult,
  dataResult,
  envelopeResult,
  pageResult,
  textResult,
  type ResultKind,
  type ResultKindName,
} from './results';
export {
  stringParam,
  numberParam,
  booleanParam,
  idsParam,
  arrayParam,
  objectParam,
  type ParamSpec,
  type PlainStringSpec,
  type KindParamSpec,
  type ParamKind,
  type ParamTypeName,
  type ParamCheck,
  type ParamSplit,
  type ParamPlace,
  type ParamRules,
} from './params';
export { Paginator, type Page, type PageSource, type RawPage } from './paginator';
export { PlatformError, type PlatformErrorOptions } from './errors/platform-error';
export { PlatformApiError, type PlatformApiErrorInit } from './errors/api-error';
export { PlatformRateLimitError, type PlatformRateLimitErrorInit } from './errors/rate-limit-error';
export { PlatformAuthError, type PlatformAuthErrorOptions } from './errors/auth-error';
export { PlatformScopeError, type PlatformScopeErrorInit } from './errors/scope-error';
export { PlatformNetworkError } from './errors/network-error';
export { PlatformTimeoutError } from './errors/timeout-error';
export { PlatformEventSubError } from './errors/eventsub-error';
export { signExtensionJwt, extensionJwtClient, type ExtensionCredentials, type ExtensionJwtClaims, type ExtensionJwtCallClaims } from './extension-jwt';
