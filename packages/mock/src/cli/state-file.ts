import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MockState, MockStateSnapshot } from '../state';
import { CliError } from './args';

/*
 * `serve --state FILE`: what of `mock.state` survives a restart. Kept: users, clients, access and
 * refresh tokens, channels (information, live flag, followers, editors, moderators, VIPs, bans,
 * chatters, chat messages) and categories, and the token lifetime. Not kept: what the route
 * groups hold beside the shared state (polls, predictions, rewards, schedules, extensions, guest
 * star sessions...), EventSub subscriptions and conduits, WebSocket sessions, faults and the
 * request log.
 */

/** The file's format marker and version. */
const format = 'platform-mock state';
const version = 1;

/** The file: a format marker and version, the save time, and `MockState.snapshot()`. */
interface StateFile extends MockStateSnapshot {
  format: typeof format;
  version: number;
  savedAt: string;
}

/** Maps and sets as tagged JSON (`{ "$map": [[k, v]...] }`, `{ "$set": [...] }`). */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (value instanceof Set) return { $set: [...value] };
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$map' && Array.isArray((value as { $map: unknown }).$map)) return new Map((value as { $map: [unknown, unknown][] }).$map);
    if (keys.length === 1 && keys[0] === '$set' && Array.isArray((value as { $set: unknown }).$set)) return new Set((value as { $set: unknown[] }).$set);
  }
  return value;
}

/** The kept part of the state as the file's text (without the save time, to compare two snapshots). */
export function snapshot(state: MockState): string {
  const file: Omit<StateFile, 'savedAt'> = { format, version, ...state.snapshot() };
  return JSON.stringify(file, replacer, 2);
}

/** Writes a snapshot to the file, replacing it whole (a crash never leaves half a file). */
export function writeState(path: string, text: string): void {
  const withTime = text.replace(/^\{/, `{\n  "savedAt": ${JSON.stringify(new Date().toISOString())},`);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${withTime}\n`);
  renameSync(temporary, path);
}

/**
 * Loads a state file into a fresh mock's state; false when the file does not exist yet.
 *
 * @throws CliError for a file that is not a state file platform-mock wrote.
 */
export function restoreState(path: string, state: MockState): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CliError(`serve: cannot read the state file ${path}: ${(error as Error).message}`);
  }
  let file: StateFile;
  try {
    file = JSON.parse(text, reviver) as StateFile;
  } catch (error) {
    throw new CliError(`serve: the state file ${path} is not valid JSON (${(error as Error).message}); remove it to start afresh`);
  }
  if (file?.format !== format) throw new CliError(`serve: ${path} is not a platform-mock state file (no "format": "platform-mock state"); pass another --state`);
  if (file.version !== version) throw new CliError(`serve: the state file ${path} is of version ${String(file.version)}; this platform-mock reads version ${version}`);
  for (const key of ['users', 'clients', 'tokens', 'refreshTokens', 'channels', 'games'] as const) {
    if (!Array.isArray(file[key])) throw new CliError(`serve: the state file ${path} has no list "${key}"`);
  }
  for (const key of ['nextUserId', 'nextId', 'tokenLifetime'] as const) {
    if (!Number.isInteger(file[key])) throw new CliError(`serve: the state file ${path} has no whole number "${key}"`);
  }
  // JSON has no undefined: the optional fields written as null come back as undefined.
  state.restore({
    ...file,
    tokens: file.tokens.map((token) => ({ ...token, userId: token.userId ?? undefined, expiresAt: token.expiresAt ?? undefined, refreshToken: token.refreshToken ?? undefined })),
    channels: file.channels.map((channel) => ({ ...channel, stream: channel.stream ?? undefined })),
  });
  return true;
}
