import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MockChannel, MockClient, MockGame, MockRefreshToken, MockState, MockToken, MockUser } from '../state';
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

interface StateFile {
  format: typeof format;
  version: number;
  savedAt: string;
  tokenLifetime: number;
  users: MockUser[];
  clients: MockClient[];
  tokens: MockToken[];
  refreshTokens: MockRefreshToken[];
  channels: unknown[];
  games: MockGame[];
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
  const file: Omit<StateFile, 'savedAt'> = {
    format,
    version,
    tokenLifetime: state.tokenLifetime,
    users: [...state.users.values()],
    clients: [...state.clients.values()],
    tokens: [...state.tokens.values()],
    refreshTokens: [...state.refreshTokens.values()],
    channels: [...state.channels.values()],
    games: [...state.games.values()],
  };
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
  // New users get IDs from the state's counter (1000 up): move it past the kept IDs first.
  advanceUserIds(state, file.users.map((user) => user.id));
  for (const user of file.users) state.users.set(user.id, user);
  for (const client of file.clients) state.clients.set(client.clientId, client);
  for (const token of file.tokens) state.tokens.set(token.accessToken, { ...token, userId: token.userId ?? undefined, expiresAt: token.expiresAt ?? undefined, refreshToken: token.refreshToken ?? undefined });
  for (const refresh of file.refreshTokens) state.refreshTokens.set(refresh.refreshToken, refresh);
  for (const channel of file.channels as MockChannel[]) state.channels.set(channel.broadcaster_id, { ...channel, stream: channel.stream ?? undefined });
  for (const game of file.games) state.games.set(game.id, game);
  if (typeof file.tokenLifetime === 'number') state.tokenLifetime = file.tokenLifetime;
  advanceIds(state, text);
  return true;
}

/**
 * Moves the state's user ID counter past the numeric IDs in `ids`: `MockState` keeps it private,
 * so users are added (and removed) until it has passed them. Must run before the kept users are
 * put back (a probe would replace one of the same ID).
 */
export function advanceUserIds(state: MockState, ids: readonly string[]): void {
  // The counter starts at 1000; IDs far above it (a seed's real-looking IDs) it will not reach.
  const highest = Math.max(-1, ...ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number).filter((id) => id >= 1000 && id <= 101_000));
  if (highest === -1) return;
  for (;;) {
    const probe = state.addUser({ login: 'platform_mock_probe' });
    state.users.delete(probe.id);
    if (Number(probe.id) >= highest) return;
  }
}

/** Moves the state's counter of other IDs (`state.id()`: chat messages...) past those in the file. */
function advanceIds(state: MockState, text: string): void {
  let highest = 0;
  for (const match of text.matchAll(/00000000-0000-4000-8000-([0-9a-f]{12})/g)) highest = Math.max(highest, Number.parseInt(match[1]!, 16));
  if (highest > 1_000_000) return;
  while (Number.parseInt(state.id().slice(-12), 16) < highest);
}
