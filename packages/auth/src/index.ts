// The names a program calls or writes as a type. The authenticator class behind `platformAuth()`
// is in `@platform/auth/internal`.
export { platformAuth, authOf, type PlatformAuthOptions } from './platform-auth';
export type {
  AuthApi,
  AppToken,
  DeviceCodeFlow,
  AuthorizeUrlOptions,
  AuthorizeRequestOptions,
  AuthorizeRequest,
  ExchangeCodeOptions,
  UserTokenInput,
} from './auth-api';
export { MemoryTokenStore, isUserToken, type TokenStore, type UserToken, type TokenEncryption } from './token-store';
export { verifyExtensionJwt, minimumExtensionSecretBytes, type VerifyExtensionJwtOptions, type ExtensionJwtPayload } from './extension-jwt';
