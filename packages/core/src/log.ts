import type { ClientCore } from './client-core';
import { PlatformError } from './errors/platform-error';
import { EventHub, type ResponseEvent } from './events';
import { describe } from './options';
import { hideSecrets, redact, secretsOf } from './redact';

// The loggers a program imports for the `logger` option. Nothing here is reached from
// createClient(): a bundle without a logger holds no log line, no redaction pattern and no level.

/** A log level, from the most detailed to the most severe. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where log lines go: any object with these four methods, each called (as a method) with one
 * string. `console`, a pino logger and most others fit as they are.
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

/** A client's log: writes a line at a level, or drops it below the logger's level. */
export type Log = (level: LogLevel, message: string) => void;

/**
 * What the `logger` option takes: made by `consoleLogger()`, `pinoLogger()` or `createLogger()`.
 * The client calls it once, with its core, and logs through what it returns.
 */
export type LoggerFactory = (core: ClientCore) => Log;

/** Options of the logger factories. */
export interface LoggerOptions {
  /** The lowest level written: `'debug'`, `'info'` (the default), `'warn'` or `'error'`. */
  level?: LogLevel | undefined;
}

/** The log levels, from the most detailed to the most severe. */
export const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * A logger for the `logger` option that writes to `target`: any object with `debug`, `info`,
 * `warn` and `error` methods taking a string. Lines below `level` (default `info`) are dropped;
 * every other line is redacted before `target` sees it: bearer tokens, the values of
 * `access_token`, `refresh_token`, `token`, `client_secret`, `code` and `device_code`, JWTs, the
 * client's `clientSecret` and `token`, and every token its authenticator holds at that moment
 * become `[redacted]`. The client writes each attempt at `debug` (`GET /chat/chatters
 * (chat.chatters) attempt 1: 200, 87 ms, return`), a retry, a 429 wait and a wait for the bucket
 * at `warn`, a token renewal at `info`; `@platform/auth` and the EventSub listeners write through
 * it too.
 *
 * @throws PlatformError when `target` lacks one of the four methods or `level` is not a level.
 * @example
 * const client = createClient({ clientId, token, logger: createLogger(myLogger, { level: 'debug' }) });
 */
export function createLogger(target: PlatformLogger, options?: LoggerOptions): LoggerFactory {
  checkLogger(target, 'createLogger()');
  return loggerOf(target, levelOf(options));
}

/**
 * A logger for the `logger` option that writes to the console (`console.debug`, `console.info`,
 * `console.warn`, `console.error`), as `createLogger(console, options)` does.
 *
 * @throws PlatformError when `level` is not a level.
 * @example
 * const client = createClient({ clientId, token, logger: consoleLogger({ level: 'warn' }) });
 */
export function consoleLogger(options?: LoggerOptions): LoggerFactory {
  return loggerOf(console, levelOf(options));
}

/**
 * A logger for the `logger` option that writes to a pino logger (or a child of one), one message
 * string per line. Without `level`, pino's own level decides, read at each line (a line pino
 * would drop is not even built); with it, lines below `level` are dropped first.
 *
 * @throws PlatformError when `pino` is not a logger or `level` is not a level.
 * @example
 * import pino from 'pino';
 * const client = createClient({ clientId, token, logger: pinoLogger(pino({ level: 'debug' })) });
 */
export function pinoLogger(pino: PlatformLogger & { isLevelEnabled?(level: string): boolean }, options?: LoggerOptions): LoggerFactory {
  checkLogger(pino, 'pinoLogger()');
  return loggerOf(pino, options?.level === undefined ? 0 : levelOf(options), (level) => pino.isLevelEnabled?.(level) ?? true);
}

/** Refuses a target without the four methods, naming the factory it was given to. */
function checkLogger(target: unknown, factory: string): void {
  if (!logLevels.every((level) => typeof (target as Record<string, unknown> | null | undefined)?.[level] === 'function')) {
    throw new PlatformError(`${factory} needs a logger (debug, info, warn and error methods); got ${describe(target)}.`);
  }
}

/** The index in `logLevels` of the `level` option (`info` when not given). */
function levelOf(options: LoggerOptions | undefined): number {
  const level = options?.level ?? 'info';
  const index = logLevels.indexOf(level);
  if (index < 0) throw new PlatformError(`The level option of a logger must be 'debug', 'info', 'warn' or 'error'; got ${describe(level)}.`);
  return index;
}

/**
 * The factory of a logger writing to `target` the lines at `lowest` (an index in `logLevels`) and
 * above that `enabled` lets through.
 */
function loggerOf(target: PlatformLogger, lowest: number, enabled: (level: LogLevel) => boolean = () => true): LoggerFactory {
  return (core) => {
    // The option of earlier releases: refused, so that the level is not silently left at `info`.
    if ((core.options as { logLevel?: unknown }).logLevel !== undefined) {
      throw new PlatformError('The logLevel option is gone: pass the level to the logger, as in consoleLogger({ level }).');
    }
    const writes = (level: LogLevel) => logLevels.indexOf(level) >= lowest && enabled(level);
    // The secrets are gathered for each line written, never for a dropped one: the registered
    // users' tokens change.
    const log: Log = (level, message) => {
      if (writes(level)) target[level](hideSecrets(redact(message), secretsOf(core)));
    };
    // Each attempt, from its `response` event (debug; warn for a retry, info for a renewal).
    (core.attempts ??= new EventHub()).on('response', (event) => {
      const level = event.next.step === 'retry' ? 'warn' : event.next.step === 'renew' ? 'info' : 'debug';
      if (writes(level)) log(level, attemptLine(event));
    });
    // Every wait for a rate limit (an empty bucket, a 429) is a warning.
    core.events.on('rateLimit', ({ bucket, wait }) => log('warn', `Waiting ${Math.round(wait)} ms for the rate limit of ${bucket}`));
    return log;
  };
}

/**
 * The log line of an attempt: `GET /chat/chatters (chat.chatters) attempt 1: 200, 87 ms, return`;
 * a retry or a wait says after how long, a failure that ends the call names its error.
 */
export function attemptLine({ method, path, operation, attempt, status, error, duration, next }: ResponseEvent): string {
  const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${method} ${path}${operation ? ` (${operation})` : ''} attempt ${attempt}: ${status ?? failure}, ${duration} ms, ${next.step}${
    'delay' in next ? ` in ${Math.round(next.delay)} ms` : next.step === 'throw' && status ? ` ${failure}` : ''
  }`;
}
