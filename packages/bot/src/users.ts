import { PlatformError, type Clock, type Platform, type User } from '@platform/client';

/** What the bot knows of a user: at least these fields (a full `User` when it came from Get Users). */
export type BotUser = Pick<User, 'id' | 'login' | 'display_name'> & Partial<User>;

interface Entry {
  user: BotUser;
  at: number;
}

interface Waiter {
  key: string;
  resolve: (user: BotUser | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * One cache of users by ID and by login, for `ctx.user()` and `bot.users`: look-ups asked for in
 * the same turn of the event loop go out as one `client.users.users({ id, login })` call (the
 * client splits it at the platform's 100 per request); an entry is kept `maxAgeMs` (default one
 * hour) and refreshed by what the bot sees: `user.update` events and the chatter fields of chat
 * messages (a renamed user is found under the new login at once).
 */
export class UserCache {
  readonly #client: Platform;
  readonly #clock: Clock;
  readonly #maxAgeMs: number;
  readonly #byId = new Map<string, Entry>();
  readonly #byLogin = new Map<string, Entry>();
  #waiting: Waiter[] = [];
  #scheduled = false;

  constructor(client: Platform, clock: Clock, maxAgeMs = 3_600_000) {
    this.#client = client;
    this.#clock = clock;
    this.#maxAgeMs = maxAgeMs;
  }

  /**
   * The user with this login (`@` in front is allowed) or ID (digits), or undefined when there is
   * none. A string of digits is looked up as an ID, then as a login.
   */
  get(loginOrId: string): Promise<BotUser | undefined> {
    const key = normalise(loginOrId);
    if (key === '') return Promise.reject(new PlatformError(`A user needs a login or an ID; got ${JSON.stringify(loginOrId) ?? String(loginOrId)}.`));
    const cached = this.#cached(key);
    if (cached) return Promise.resolve(cached);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ key, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // Every look-up of this turn joins the same call.
        setTimeout(() => void this.#flush(), 0);
      }
    });
  }

  /** Several users at once, in order (undefined for the ones that do not exist), in as few calls as the platform allows. */
  many(loginsOrIds: readonly string[]): Promise<Array<BotUser | undefined>> {
    return Promise.all(loginsOrIds.map((each) => this.get(each)));
  }

  /** Records what the bot saw of a user (a chat message's chatter, a `user.update` event). */
  remember(user: BotUser): void {
    const old = this.#byId.get(user.id);
    if (old && old.user.login !== user.login) this.#byLogin.delete(old.user.login);
    const entry = { user: { ...old?.user, ...user }, at: this.#clock.now() };
    this.#byId.set(user.id, entry);
    this.#byLogin.set(user.login.toLowerCase(), entry);
  }

  #cached(key: string): BotUser | undefined {
    const entry = this.#byId.get(key) ?? this.#byLogin.get(key);
    if (!entry) return undefined;
    if (this.#clock.now() - entry.at > this.#maxAgeMs) return undefined;
    return entry.user;
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    const keys = [...new Set(waiting.map((waiter) => waiter.key))];
    const ids = keys.filter((key) => /^\d+$/.test(key));
    try {
      const users = await this.#client.users.users({ ...(ids.length > 0 ? { id: ids } : {}), login: keys });
      for (const user of users) this.remember(user);
      for (const waiter of waiting) {
        const found = users.find((user) => user.id === waiter.key) ?? users.find((user) => user.login.toLowerCase() === waiter.key);
        waiter.resolve(found ? this.#byId.get(found.id)!.user : undefined);
      }
    } catch (error) {
      for (const waiter of waiting) waiter.reject(error);
    }
  }
}

function normalise(loginOrId: string): string {
  return typeof loginOrId === 'string' ? loginOrId.trim().replace(/^@/, '').toLowerCase() : '';
}
