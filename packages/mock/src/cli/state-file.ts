import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MockPlatform } from '../mock-platform';
import { taggedJson, untaggedJson, type MockSnapshot } from '../persist';
import { CliError } from './args';

/*
 * `serve --state FILE`: what survives a restart is `mock.snapshot()`: users, clients, access and
 * refresh tokens, channels (information, live flag, followers, editors, moderators, VIPs, bans,
 * chatters, chat messages), categories, the token lifetime and the ID counters, and each group's
 * records (polls, predictions, rewards, schedules, extensions, EventSub subscriptions and
 * conduits...). Not kept: WebSocket sessions, faults and the request log.
 */

/** The file's format marker and version (2: the snapshot of the whole mock, groups included). */
const format = 'platform-mock state';
const version = 2;

/** The file: a format marker and version, the save time, and `mock.snapshot()` with its Maps and Sets tagged. */
interface StateFile {
  format: typeof format;
  version: number;
  savedAt: string;
  state: MockSnapshot['state'];
  groups: MockSnapshot['groups'];
}

/** The kept part of the mock as the file's text (without the save time, to compare two snapshots). */
export function snapshot(mock: MockPlatform): string {
  const file: Omit<StateFile, 'savedAt'> = { format, version, ...(taggedJson(mock.snapshot()) as MockSnapshot) };
  return JSON.stringify(file, null, 2);
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
export function restoreState(path: string, mock: MockPlatform): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CliError(`serve: cannot read the state file ${path}: ${(error as Error).message}`);
  }
  let file: StateFile;
  try {
    file = JSON.parse(text) as StateFile;
  } catch (error) {
    throw new CliError(`serve: the state file ${path} is not valid JSON (${(error as Error).message}); remove it to start afresh`);
  }
  if (file?.format !== format) throw new CliError(`serve: ${path} is not a platform-mock state file (no "format": "platform-mock state"); pass another --state`);
  if (file.version !== version) throw new CliError(`serve: the state file ${path} is of version ${String(file.version)}; this platform-mock reads version ${version}`);
  const restored = untaggedJson({ state: file.state, groups: file.groups }) as MockSnapshot;
  const state = restored.state as Partial<MockSnapshot['state']> | undefined;
  for (const key of ['users', 'clients', 'tokens', 'refreshTokens', 'channels', 'games'] as const) {
    if (!Array.isArray(state?.[key])) throw new CliError(`serve: the state file ${path} has no list "state.${key}"`);
  }
  for (const key of ['nextUserId', 'nextId', 'tokenLifetime'] as const) {
    if (!Number.isInteger(state?.[key])) throw new CliError(`serve: the state file ${path} has no whole number "state.${key}"`);
  }
  try {
    mock.restore(restored);
  } catch (error) {
    throw new CliError(`serve: the state file ${path} does not fit this mock: ${(error as Error).message}`);
  }
  return true;
}
