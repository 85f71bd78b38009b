import { randomBytes } from 'node:crypto';

/** A user of the fake platform. */
export interface MockUser {
  /** The user's ID. */
  id: string;
  /** The user's login name, in lower case. */
  login: string;
  /** The user's display name. */
  display_name: string;
  /** The kind of account; an empty string for a normal user. */
  type: '' | 'admin' | 'global_mod' | 'staff';
  /** The broadcaster level; an empty string for a normal broadcaster. */
  broadcaster_type: '' | 'affiliate' | 'partner';
  /** The description of the user's channel. */
  description: string;
  /** The user's profile image. */
  profile_image_url: string;
  /** The image shown while the user's channel is offline. */
  offline_image_url: string;
  /** Kept for Get Users' answer; the platform no longer fills it. */
  view_count: number;
  /** The verified email address, sent only with the scope user:read:email. */
  email?: string;
  /** When the account was created (RFC 3339). */
  created_at: string;
}

/** A registered application. */
export interface MockClient {
  /** The application's client ID. */
  clientId: string;
  /** The application's client secret. */
  clientSecret: string;
  /** Redirect addresses registered for the authorization code flow, matched character for character. */
  redirectUris: string[];
}

/** An access token the fake platform issued. */
export interface MockToken {
  /** The token itself. */
  accessToken: string;
  /** The application the token was issued to. */
  clientId: string;
  /** The owner; undefined for an app token. */
  userId: string | undefined;
  /** The scopes granted to the token. */
  scopes: string[];
  /** Epoch ms; undefined for a token that does not expire. */
  expiresAt: number | undefined;
  /** The refresh token issued with it; undefined for an app token or when none was issued. */
  refreshToken: string | undefined;
}

/** A refresh token: single use, it rotates at each refresh. */
export interface MockRefreshToken {
  /** The refresh token itself. */
  refreshToken: string;
  /** The application it was issued to. */
  clientId: string;
  /** The user whose access it renews. */
  userId: string;
  /** The scopes the renewed token gets. */
  scopes: string[];
  /** It was spent: a second refresh with it is refused. */
  used: boolean;
}

/** A chat message sent through the fake platform. */
export interface MockChatMessage {
  /** The message's ID. */
  message_id: string;
  /** The channel whose chat the message went to. */
  broadcaster_id: string;
  /** The ID of the user who sent it. */
  sender_id: string;
  /** The message's text. */
  text: string;
  /** When the message was sent (epoch ms). */
  sent_at: number;
  /** The message was deleted, by a moderator or by a ban of its sender. */
  deleted: boolean;
}

/** A ban or timeout in a channel. */
export interface MockBan {
  /** The banned user's ID. */
  user_id: string;
  /** The moderator who placed the ban. */
  moderator_id: string;
  /** Why; an empty string when no reason was given. */
  reason: string;
  /** When the ban was placed (epoch ms). */
  created_at: number;
  /** Epoch ms; undefined for a permanent ban. */
  ends_at: number | undefined;
}

/** A channel's information (Get / Modify Channel Information), shared by the channel, stream and search routes. */
export interface MockChannelInfo {
  /** The stream's title. */
  title: string;
  /** The category's ID; an empty string when none is set. */
  game_id: string;
  /** The category's name; an empty string when none is set. */
  game_name: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  broadcaster_language: string;
  /** Stream delay in seconds (partners only may set it). */
  delay: number;
  /** The tags applied to the channel. */
  tags: string[];
  /** The content classification labels applied to the channel. */
  content_classification_labels: string[];
  /** The channel has branded content. */
  is_branded_content: boolean;
}

/** The broadcast in progress while a channel is live. */
export interface MockStream {
  /** The stream's ID. */
  id: string;
  /** Always `live`. */
  type: 'live';
  /** How many people are watching. */
  viewer_count: number;
  /** Epoch ms. */
  started_at: number;
  /** Always false, as the platform now answers. */
  is_mature: boolean;
}

/** A category (game) the platform knows. */
export interface MockGame {
  /** The category's ID. */
  id: string;
  /** The category's name. */
  name: string;
  /** The box art address, with a `{width}x{height}` placeholder. */
  box_art_url: string;
  /** The game's IGDB ID; an empty string when unknown. */
  igdb_id: string;
}

/** What every group shares about a channel. */
export interface MockChannel {
  /** The channel's ID: its broadcaster's user ID. */
  broadcaster_id: string;
  /** True while a stream is in progress (`stream` holds it when the streams routes started it). */
  live: boolean;
  /** Title, category, language, tags... as Modify Channel Information leaves them. */
  info: MockChannelInfo;
  /** The broadcast in progress, if any. */
  stream: MockStream | undefined;
  /** Followers: user ID to the follow time (epoch ms), in the order they followed. */
  followers: Map<string, number>;
  /** User IDs of the channel's editors, with the time they became one (epoch ms). */
  editors: Map<string, number>;
  /** User IDs of the channel's moderators. */
  moderators: Set<string>;
  /** User IDs of the channel's VIPs. */
  vips: Set<string>;
  /** The VIP slots the channel has. */
  vipSlots: number;
  /** Bans and timeouts by user ID. */
  bans: Map<string, MockBan>;
  /** User IDs of the people in chat. */
  chatters: string[];
  /** The chat messages sent in the channel, oldest first. */
  messages: MockChatMessage[];
}

/** Random token material, URL-safe. */
export function randomToken(bytes = 15): string {
  return randomBytes(bytes).toString('base64url');
}

/** What `MockState.snapshot()` gives and `restore()` takes: the state as plain data, Maps and Sets. */
export interface MockStateSnapshot {
  /** The ID the next user added without one gets (from 1000 up). */
  nextUserId: number;
  /** The counter of `id()`. */
  nextId: number;
  /** Token lifetime in seconds. */
  tokenLifetime: number;
  /** The users. */
  users: MockUser[];
  /** The registered applications. */
  clients: MockClient[];
  /** The access tokens issued. */
  tokens: MockToken[];
  /** The refresh tokens issued. */
  refreshTokens: MockRefreshToken[];
  /** The channels, with their chat, roles and bans. */
  channels: MockChannel[];
  /** The categories. */
  games: MockGame[];
}

/** The fake platform's data: users, clients, tokens and channels. */
export class MockState {
  /** Users by ID. */
  readonly users = new Map<string, MockUser>();
  /** Registered applications by client ID. */
  readonly clients = new Map<string, MockClient>();
  /** Access tokens the mock issued, by token. */
  readonly tokens = new Map<string, MockToken>();
  /** Refresh tokens the mock issued, by token. */
  readonly refreshTokens = new Map<string, MockRefreshToken>();
  /** Channels by broadcaster ID. */
  readonly channels = new Map<string, MockChannel>();
  /** Categories by ID; the routes of games, search, channels and streams read it. */
  readonly games = new Map<string, MockGame>();
  /** Token lifetime in seconds for tokens issued by the OAuth server. */
  tokenLifetime = 4 * 3600;
  #nextUserId = 1000;
  #nextId = 1;

  constructor(
    /** The mock's clock: the time now, epoch ms. */
    readonly now: () => number,
  ) {}

  /**
   * Everything the state keeps, as a copy made of plain data, Maps and Sets (what `platform-mock
   * serve --state` writes): users, clients, tokens, refresh tokens, channels, categories, the token
   * lifetime and the counters new IDs come from.
   */
  snapshot(): MockStateSnapshot {
    return structuredClone({
      nextUserId: this.#nextUserId,
      nextId: this.#nextId,
      tokenLifetime: this.tokenLifetime,
      users: [...this.users.values()],
      clients: [...this.clients.values()],
      tokens: [...this.tokens.values()],
      refreshTokens: [...this.refreshTokens.values()],
      channels: [...this.channels.values()],
      games: [...this.games.values()],
    });
  }

  /** Replaces the whole state with a snapshot's (a copy of it): a new user or ID then follows the kept ones. */
  restore(snapshot: MockStateSnapshot): void {
    const copy = structuredClone(snapshot);
    const fill = <K, V>(map: Map<K, V>, records: readonly V[], key: (record: V) => K) => {
      map.clear();
      for (const record of records) map.set(key(record), record);
    };
    fill(this.users, copy.users, (user) => user.id);
    fill(this.clients, copy.clients, (client) => client.clientId);
    fill(this.tokens, copy.tokens, (token) => token.accessToken);
    fill(this.refreshTokens, copy.refreshTokens, (refresh) => refresh.refreshToken);
    fill(this.channels, copy.channels, (channel) => channel.broadcaster_id);
    fill(this.games, copy.games, (game) => game.id);
    this.tokenLifetime = copy.tokenLifetime;
    this.#nextUserId = copy.nextUserId;
    this.#nextId = copy.nextId;
  }

  /** A fresh identifier (messages, terms, requests...): a UUID-like string. */
  id(): string {
    const n = (this.#nextId++).toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${n}`;
  }

  /** Adds a user; the fields left out get defaults (an ID from 1000 up, the login as display name). */
  addUser(user: Partial<MockUser> & { login: string }): MockUser {
    // The next free ID: a user added with an ID of its own (a seed's) is never replaced.
    while (user.id === undefined && this.users.has(String(this.#nextUserId))) this.#nextUserId++;
    const id = user.id ?? String(this.#nextUserId++);
    const record: MockUser = {
      id,
      login: user.login.toLowerCase(),
      display_name: user.display_name ?? user.login,
      type: user.type ?? '',
      broadcaster_type: user.broadcaster_type ?? '',
      description: user.description ?? '',
      profile_image_url: user.profile_image_url ?? `https://static.example/profile/${id}.png`,
      offline_image_url: user.offline_image_url ?? '',
      view_count: user.view_count ?? 0,
      ...(user.email === undefined ? {} : { email: user.email }),
      created_at: user.created_at ?? new Date(this.now()).toISOString(),
    };
    this.users.set(id, record);
    return record;
  }

  /** The user with this ID, or undefined. */
  user(id: string): MockUser | undefined {
    return this.users.get(id);
  }

  /** Registers an application; a client secret is made up when none is given. */
  addClient(client: Partial<MockClient> & { clientId: string }): MockClient {
    const record: MockClient = { clientId: client.clientId, clientSecret: client.clientSecret ?? randomToken(), redirectUris: client.redirectUris ?? [] };
    this.clients.set(record.clientId, record);
    return record;
  }

  /** Issues an access token (and a refresh token for a user, unless `refresh` is false). */
  issueToken(options: { clientId: string; userId?: string | undefined; scopes?: string[]; expiresIn?: number | null; refresh?: boolean }): MockToken {
    const expiresIn = options.expiresIn === undefined ? this.tokenLifetime : options.expiresIn;
    const token: MockToken = {
      accessToken: randomToken(),
      clientId: options.clientId,
      userId: options.userId,
      scopes: [...(options.scopes ?? [])],
      expiresAt: expiresIn === null ? undefined : this.now() + expiresIn * 1000,
      refreshToken: undefined,
    };
    if (options.userId !== undefined && options.refresh !== false) {
      token.refreshToken = randomToken(30);
      this.refreshTokens.set(token.refreshToken, { refreshToken: token.refreshToken, clientId: options.clientId, userId: options.userId, scopes: token.scopes, used: false });
    }
    this.tokens.set(token.accessToken, token);
    return token;
  }

  /** The token if it exists and has not expired. */
  liveToken(accessToken: string): MockToken | undefined {
    const token = this.tokens.get(accessToken);
    if (!token) return undefined;
    if (token.expiresAt !== undefined && this.now() >= token.expiresAt) return undefined;
    return token;
  }

  /** A channel's shared state, created on first use. */
  channel(broadcasterId: string): MockChannel {
    let channel = this.channels.get(broadcasterId);
    if (!channel) {
      channel = {
        broadcaster_id: broadcasterId,
        live: false,
        info: { title: '', game_id: '', game_name: '', broadcaster_language: 'en', delay: 0, tags: [], content_classification_labels: [], is_branded_content: false },
        stream: undefined,
        followers: new Map(),
        editors: new Map(),
        moderators: new Set(), vips: new Set(), vipSlots: 10, bans: new Map(), chatters: [], messages: [] };
      this.channels.set(broadcasterId, channel);
    }
    return channel;
  }

  /** Adds a category (game) the routes can find by ID or name. */
  addGame(game: Partial<MockGame> & { name: string }): MockGame {
    const id = game.id ?? String(500_000 + this.games.size);
    const record: MockGame = { id, name: game.name, box_art_url: game.box_art_url ?? `https://static.example/boxart/${id}-{width}x{height}.jpg`, igdb_id: game.igdb_id ?? '' };
    this.games.set(id, record);
    return record;
  }

  /** The ban in force for a user in a channel (an expired timeout is removed). */
  activeBan(broadcasterId: string, userId: string): MockBan | undefined {
    const channel = this.channel(broadcasterId);
    const ban = channel.bans.get(userId);
    if (ban?.ends_at !== undefined && this.now() >= ban.ends_at) {
      channel.bans.delete(userId);
      return undefined;
    }
    return ban;
  }

  /** The broadcaster or one of their moderators. */
  isModerator(broadcasterId: string, userId: string): boolean {
    return broadcasterId === userId || this.channel(broadcasterId).moderators.has(userId);
  }

  /** Whether the client holds a token of the user: the user authorized it. */
  hasAuthorized(clientId: string, userId: string): boolean {
    for (const token of this.tokens.values()) if (token.clientId === clientId && token.userId === userId) return true;
    return false;
  }

  /** Every scope the user granted the client: those of every token the client was issued for the user. */
  grantedScopes(clientId: string, userId: string): Set<string> {
    const granted = new Set<string>();
    for (const token of this.tokens.values()) {
      if (token.clientId === clientId && token.userId === userId) for (const scope of token.scopes) granted.add(scope);
    }
    return granted;
  }
}
