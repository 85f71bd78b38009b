export { platformAuth, authOf, type PlatformAuthOptions } from './platform-auth';
export {
  AuthManager,
  type AuthApi,
  type AppToken,
  type DeviceCodeFlow,
  type AuthorizeUrlOptions,
  type AuthorizeRequestOptions,
  type AuthorizeRequest,
  type ExchangeCodeOptions,
  type UserTokenInput,
} from './auth-manager';
export { MemoryTokenStore, isUserToken, type TokenStore, type UserToken, type TokenEncryption } from './token-store';
export { verifyExtensionJwt, minimumExtensionSecretBytes, type VerifyExtensionJwtOptions, type ExtensionJwtPayload } from './extension-jwt';
