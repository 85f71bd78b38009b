/** What went wrong with a token store file. */
export type FileTokenStoreErrorCode =
  /** The store file is not valid JSON, or not in the format this package writes. */
  | 'corrupt'
  /** Another holder kept a lock longer than `lockTimeoutMs`. */
  | 'lock-timeout'
  /** The store path is a symbolic link: refused, so that nothing is read, written or changed elsewhere. */
  | 'symlink'
  /** The store path is not a regular file (a directory, a device, a pipe). */
  | 'not-a-file'
  /** The store's directory is writable by its group or by all users, who could replace the store or its locks. */
  | 'unsafe-directory'
  /** The `encryption` option's `encrypt` or `decrypt` failed, or gave something that is not a token. */
  | 'encryption';

/**
 * A token store file that cannot be used as it is: a corrupt file (left untouched, so that no
 * user is lost), a lock held for too long by another process, a path or directory refused as
 * unsafe, or a token that could not be encrypted or decrypted. No message holds a token or any
 * of the file's content.
 */
export class FileTokenStoreError extends Error {
  /** Always `'FileTokenStoreError'`, so the class shows in logs and stack traces. */
  override readonly name = 'FileTokenStoreError';
  /** What went wrong. */
  readonly code: FileTokenStoreErrorCode;
  /** The file concerned: the store file, the lock file waited for, or the store's directory. */
  readonly path: string;

  constructor(code: FileTokenStoreErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.path = path;
  }
}
