import { readFileSync } from 'node:fs';
import { defaultMockClientId, type MockPlatform } from '../mock-platform';
import type { MockChannelInfo, MockUser } from '../state';
import { CliError } from './args';

/*
 * `serve --seed FILE`: users, clients, tokens and channels to start with, as JSON:
 *
 * {
 *   "clients": [{ "clientId": "my-app", "clientSecret": "my-secret", "redirectUris": ["http://localhost:3000/cb"] }],
 *   "users": [{ "login": "streamer", "id": "1000", "broadcaster_type": "affiliate" }],
 *   "tokens": [{ "user": "streamer", "clientId": "my-app", "scopes": ["user:write:chat"], "accessToken": "fixed-token", "expiresIn": null }],
 *   "channels": [{ "broadcaster": "streamer", "title": "Hello", "live": true, "moderators": ["mod"], "followers": ["fan"] }]
 * }
 *
 * Every list is optional. A token's `user` is a login or ID (none: an app token), its `clientId`
 * defaults to the first client of the seed (else the mock's default client, `mock-client`), its
 * `expiresIn` (seconds, `null`: never) to the mock's token lifetime; `accessToken` fixes the
 * token's text (else it is made up).
 */

const userFields: Readonly<Record<string, 'string' | readonly string[] | 'number'>> = {
  login: 'string',
  id: 'string',
  display_name: 'string',
  type: ['', 'admin', 'global_mod', 'staff'],
  broadcaster_type: ['', 'affiliate', 'partner'],
  description: 'string',
  profile_image_url: 'string',
  offline_image_url: 'string',
  view_count: 'number',
  email: 'string',
  created_at: 'string',
};

const infoFields: Readonly<Record<keyof MockChannelInfo, 'string' | 'number' | 'boolean' | 'strings'>> = {
  title: 'string',
  game_id: 'string',
  game_name: 'string',
  broadcaster_language: 'string',
  delay: 'number',
  tags: 'strings',
  content_classification_labels: 'strings',
  is_branded_content: 'boolean',
};

const channelLists = ['moderators', 'vips', 'followers', 'editors', 'chatters'] as const;

type Json = Record<string, unknown>;

/** Reads and checks a seed file; a `CliError` naming the file, the entry and what is wrong. */
export function readSeed(path: string): Json {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`serve: cannot read the seed ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let seed: unknown;
  try {
    seed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`serve: the seed ${path} is not valid JSON (${(error as Error).message})`);
  }
  const bad = (where: string, what: string) => new CliError(`serve: seed ${path}: ${where}: ${what}`);
  if (!isObject(seed)) throw bad('the top level', 'must be an object with "users", "clients", "tokens" and/or "channels"');
  for (const key of Object.keys(seed)) {
    if (!['users', 'clients', 'tokens', 'channels'].includes(key)) throw bad(`"${key}"`, 'unknown key (expected users, clients, tokens, channels)');
    if (!Array.isArray(seed[key])) throw bad(`"${key}"`, 'must be a list');
  }
  const logins = new Set<string>();
  const ids = new Set<string>();
  (seed.users as unknown[] | undefined)?.forEach((user, i) => {
    const where = `users[${i}]`;
    if (!isObject(user)) throw bad(where, 'must be an object with a "login"');
    for (const [key, value] of Object.entries(user)) {
      const rule = userFields[key];
      if (rule === undefined) throw bad(where, `unknown field "${key}" (a user has ${Object.keys(userFields).join(', ')})`);
      if (Array.isArray(rule) ? !rule.includes(value) : typeof value !== rule) {
        throw bad(`${where}.${key}`, Array.isArray(rule) ? `must be one of ${rule.map((each) => JSON.stringify(each)).join(', ')}` : `must be a ${rule as string}`);
      }
    }
    if (typeof user.login !== 'string' || !/^[A-Za-z0-9_]{1,25}$/.test(user.login)) throw bad(`${where}.login`, 'must be 1 to 25 letters, digits or underscores');
    if (logins.has(user.login.toLowerCase())) throw bad(`${where}.login`, `"${user.login}" appears twice`);
    logins.add(user.login.toLowerCase());
    if (user.id !== undefined) {
      if (!/^\d+$/.test(user.id as string)) throw bad(`${where}.id`, 'must be digits, as the platform\'s user IDs are');
      if (ids.has(user.id as string)) throw bad(`${where}.id`, `"${user.id as string}" appears twice`);
      ids.add(user.id as string);
    }
  });
  const clientIds = new Set<string>();
  (seed.clients as unknown[] | undefined)?.forEach((client, i) => {
    const where = `clients[${i}]`;
    if (!isObject(client)) throw bad(where, 'must be an object with a "clientId"');
    for (const key of Object.keys(client)) if (!['clientId', 'clientSecret', 'redirectUris'].includes(key)) throw bad(where, `unknown field "${key}" (a client has clientId, clientSecret, redirectUris)`);
    if (typeof client.clientId !== 'string' || client.clientId === '') throw bad(`${where}.clientId`, 'must be a non-empty string');
    if (client.clientSecret !== undefined && (typeof client.clientSecret !== 'string' || client.clientSecret === '')) throw bad(`${where}.clientSecret`, 'must be a non-empty string');
    if (client.redirectUris !== undefined && !isStrings(client.redirectUris)) throw bad(`${where}.redirectUris`, 'must be a list of strings');
    if (clientIds.has(client.clientId)) throw bad(`${where}.clientId`, `"${client.clientId}" appears twice`);
    clientIds.add(client.clientId);
  });
  const knownUser = (value: unknown) => typeof value === 'string' && (logins.has(value.toLowerCase()) || ids.has(value));
  const tokens = new Set<string>();
  (seed.tokens as unknown[] | undefined)?.forEach((token, i) => {
    const where = `tokens[${i}]`;
    if (!isObject(token)) throw bad(where, 'must be an object');
    for (const key of Object.keys(token)) if (!['user', 'clientId', 'scopes', 'accessToken', 'expiresIn', 'refresh'].includes(key)) throw bad(where, `unknown field "${key}" (a token has user, clientId, scopes, accessToken, expiresIn, refresh)`);
    if (token.user !== undefined && !knownUser(token.user)) throw bad(`${where}.user`, `${JSON.stringify(token.user)} is not the login or ID of a user of the seed`);
    if (token.clientId !== undefined && token.clientId !== defaultMockClientId && !clientIds.has(token.clientId as string)) throw bad(`${where}.clientId`, `${JSON.stringify(token.clientId)} is not a client of the seed`);
    if (token.scopes !== undefined && !isStrings(token.scopes)) throw bad(`${where}.scopes`, 'must be a list of strings');
    if (token.accessToken !== undefined) {
      if (typeof token.accessToken !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(token.accessToken)) throw bad(`${where}.accessToken`, 'must be 1 to 200 visible ASCII characters');
      if (tokens.has(token.accessToken)) throw bad(`${where}.accessToken`, 'appears twice');
      tokens.add(token.accessToken);
    }
    if (token.expiresIn !== undefined && token.expiresIn !== null && (typeof token.expiresIn !== 'number' || !(token.expiresIn > 0))) throw bad(`${where}.expiresIn`, 'must be a number of seconds above 0, or null for a token that does not expire');
    if (token.refresh !== undefined && typeof token.refresh !== 'boolean') throw bad(`${where}.refresh`, 'must be true or false');
  });
  (seed.channels as unknown[] | undefined)?.forEach((channel, i) => {
    const where = `channels[${i}]`;
    if (!isObject(channel)) throw bad(where, 'must be an object with a "broadcaster"');
    if (!knownUser(channel.broadcaster)) throw bad(`${where}.broadcaster`, `${JSON.stringify(channel.broadcaster)} is not the login or ID of a user of the seed`);
    for (const [key, value] of Object.entries(channel)) {
      if (key === 'broadcaster') continue;
      if (key === 'live') {
        if (typeof value !== 'boolean') throw bad(`${where}.live`, 'must be true or false');
        continue;
      }
      if ((channelLists as readonly string[]).includes(key)) {
        if (!Array.isArray(value)) throw bad(`${where}.${key}`, 'must be a list of logins or IDs');
        value.forEach((each: unknown, j) => {
          if (!knownUser(each)) throw bad(`${where}.${key}[${j}]`, `${JSON.stringify(each)} is not the login or ID of a user of the seed`);
        });
        continue;
      }
      const rule = infoFields[key as keyof MockChannelInfo];
      if (rule === undefined) throw bad(where, `unknown field "${key}" (a channel has broadcaster, live, ${[...Object.keys(infoFields), ...channelLists].join(', ')})`);
      if (rule === 'strings' ? !isStrings(value) : typeof value !== rule) throw bad(`${where}.${key}`, rule === 'strings' ? 'must be a list of strings' : `must be a ${rule}`);
    }
  });
  return seed;
}

/** Puts a checked seed into a fresh mock. */
export function applySeed(mock: MockPlatform, seed: Json): void {
  const users = (seed.users ?? []) as (Partial<MockUser> & { login: string })[];
  // Users with an ID first: the counter then skips their IDs for the others (addUser() takes the next free one).
  const added = new Map<string, MockUser>();
  for (const user of [...users.filter((each) => each.id !== undefined), ...users.filter((each) => each.id === undefined)]) {
    const record = mock.addUser(user);
    added.set(record.login, record);
    added.set(record.id, record);
  }
  const userOf = (value: string) => (added.get(value.toLowerCase()) ?? added.get(value))!;
  const clients = (seed.clients ?? []) as { clientId: string; clientSecret?: string; redirectUris?: string[] }[];
  for (const client of clients) mock.addClient(client);
  const defaultClient = clients[0]?.clientId ?? mock.clientOptions().clientId;
  for (const token of (seed.tokens ?? []) as { user?: string; clientId?: string; scopes?: string[]; accessToken?: string; expiresIn?: number | null; refresh?: boolean }[]) {
    const clientId = token.clientId ?? defaultClient;
    if (clientId === defaultMockClientId) mock.clientOptions();
    const issued = mock.issueToken({
      clientId,
      ...(token.user === undefined ? {} : { userId: userOf(token.user).id }),
      scopes: token.scopes ?? [],
      ...(token.expiresIn === undefined ? {} : { expiresIn: token.expiresIn }),
      ...(token.refresh === undefined ? {} : { refresh: token.refresh }),
    });
    if (token.accessToken !== undefined) {
      mock.state.tokens.delete(issued.accessToken);
      issued.accessToken = token.accessToken;
      mock.state.tokens.set(issued.accessToken, issued);
    }
  }
  for (const entry of (seed.channels ?? []) as Json[]) {
    const channel = mock.state.channel(userOf(entry.broadcaster as string).id);
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'broadcaster') continue;
      if (key === 'live') channel.live = value as boolean;
      else if (key === 'moderators') for (const user of value as string[]) channel.moderators.add(userOf(user).id);
      else if (key === 'vips') for (const user of value as string[]) channel.vips.add(userOf(user).id);
      else if (key === 'followers') for (const user of value as string[]) channel.followers.set(userOf(user).id, Date.now());
      else if (key === 'editors') for (const user of value as string[]) channel.editors.set(userOf(user).id, Date.now());
      else if (key === 'chatters') {
        for (const user of value as string[]) if (!channel.chatters.includes(userOf(user).id)) channel.chatters.push(userOf(user).id);
      } else (channel.info as unknown as Json)[key] = value;
    }
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((each) => typeof each === 'string');
}
