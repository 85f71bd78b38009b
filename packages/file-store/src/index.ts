export { FileTokenStore, type FileTokenStoreOptions } from './file-token-store';
export { FileTokenStoreError, type FileTokenStoreErrorCode } from './errors';
