/** What went wrong with a token store file. */
export type FileTokenStoreErrorCode =
  /** The store file is not valid JSON, or not in the format this package writes. */
  | 'corrupt'
  /** Another holder kept a lock longer than `lockTimeoutMs`. */
  | 'lock-timeout';

/**
 * A token store file that cannot be used as it is: a corrupt file (left untouched, so that no
 * user is lost) or a lock held for too long by another process.
 */
export class FileTokenStoreError extends Error {
  /** Always `'FileTokenStoreError'`, so the class shows in logs and stack traces. */
  override readonly name = 'FileTokenStoreError';
  /** What went wrong. */
  readonly code: FileTokenStoreErrorCode;
  /** The file concerned: the store file, or the lock file waited for. */
  readonly path: string;

  constructor(code: FileTokenStoreErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}
