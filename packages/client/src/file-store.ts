/**
 * The file-backed token store, for Node servers only: `import { FileTokenStore } from
 * '@platform/client/file-store'`. Kept out of the main entry so browser bundles never reach it.
 * `FileTokenStore` and `FileTokenStoreError` are documented in `@platform/file-store`.
 *
 * @module
 */
export { FileTokenStore, FileTokenStoreError, type FileTokenStoreOptions, type FileTokenStoreErrorCode } from '@platform/file-store';
