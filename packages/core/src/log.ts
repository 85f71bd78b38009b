import { hideSecrets, redact } from './redact';

/** A log level, from the most detailed to the most severe. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where the client writes its log lines: any object with these four methods, each called with one
 * string. `console` and a pino logger fit as they are.
 */
export interface PlatformLogger {
  /** Each attempt of each call, and its outcome. */
  debug(message: string): void;
  /** Token renewals, listener connections and the like. */
  info(message: string): void;
  /** Retries, rate-limit waits, drops. */
  warn(message: string): void;
  /** Failures the client cannot recover from by itself. */
  error(message: string): void;
}

/** A client's log: writes a line at a level, or drops it below the client's level. */
export type Log = (level: LogLevel, message: string) => void;

/** The log levels, from the most detailed to the most severe. */
export const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * The log of a client with a `logger`: lines below `level` are dropped, every other line is
 * redacted (`redact()`, then each of the secrets the client knows at that moment, which
 * `secrets` gives: asked once per line written, never for a dropped one) before it reaches the
 * logger.
 */
export function createLog(logger: PlatformLogger, level: LogLevel = 'info', secrets: () => Iterable<string | undefined> = () => []): Log {
  const lowest = logLevels.indexOf(level);
  return (lineLevel, message) => {
    if (logLevels.indexOf(lineLevel) >= lowest) logger[lineLevel](hideSecrets(redact(message), secrets()));
  };
}
