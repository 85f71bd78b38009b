export { createClient, clientCore, clientInternals, PlatformClient, type RawRequest, type ClientHandle } from './client';
export { ClientCore } from './client-core';
export type { ClientOptions, FetchFunction } from './options';
export { authUrlOf, eventSubWsUrlOf, defaultAuthUrl, defaultBaseUrl, defaultEventSubWsUrl } from './options';
export type { HttpMethod, TokenKind, RequestOptions, RateLimitState, QueryValue } from './types';
export type { ClientEvents, ClientEventName, ClientEventListener, RateLimitEvent, TokenInvalidEvent } from './events';
export { systemClock, type Clock } from './clock';
export {
  rawTokenAuthenticator,
  rawCredential,
  noTokenError,
  missingActingUserError,
  type Authenticator,
  type CallTarget,
  type Credential,
  type CredentialRequest,
} from './authenticator';
export { runCall, type Call, type ApiAnswer } from './pipeline';
export type { AnswerHeaders } from './transport';
export { authServerRequest, type AuthServerRequest, type AuthServerAnswer } from './auth-server';
export {
  defineOperation,
  callOperation,
  paginateOperation,
  validateParams,
  encodeQuery,
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
export { retryDelay, endpointLimitDelay } from './backoff';
export { PlatformError, type PlatformErrorOptions } from './errors/platform-error';
export { PlatformApiError, type PlatformApiErrorInit } from './errors/api-error';
export { PlatformRateLimitError, type PlatformRateLimitErrorInit } from './errors/rate-limit-error';
export { PlatformAuthError, type PlatformAuthErrorOptions } from './errors/auth-error';
export { PlatformScopeError, type PlatformScopeErrorInit } from './errors/scope-error';
export { PlatformNetworkError } from './errors/network-error';
export { PlatformTimeoutError } from './errors/timeout-error';
export { PlatformEventSubError } from './errors/eventsub-error';
