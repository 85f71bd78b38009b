export { platformAuth, authOf, type PlatformAuthOptions } from './platform-auth';
export { AuthManager } from './auth-manager';
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
