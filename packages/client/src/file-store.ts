/**
 * The file-backed token store, for Node servers only: `import { FileTokenStore } from
 * '@platform/client/file-store'`. Kept out of the main entry so browser bundles never reach it.
 */
export { FileTokenStore, FileTokenStoreError, type FileTokenStoreOptions, type FileTokenStoreErrorCode } from '@platform/file-store';
