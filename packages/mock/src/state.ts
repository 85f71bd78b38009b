import { randomBytes } from 'node:crypto';

/** A user of the fake platform. */
export interface MockUser {
  id: string;
  login: string;
  display_name: string;
  type: '' | 'admin' | 'global_mod' | 'staff';
  broadcaster_type: '' | 'affiliate' | 'partner';
  description: string;
  profile_image_url: string;
  offline_image_url: string;
  view_count: number;
  email?: string;
  created_at: string;
}

/** A registered application. */
export interface MockClient {
  clientId: string;
  clientSecret: string;
  /** Redirect addresses registered for the authorization code flow, matched character for character. */
  redirectUris: string[];
}

/** An access token the fake platform issued. */
export interface MockToken {
  accessToken: string;
  clientId: string;
  /** The owner; undefined for an app token. */
  userId: string | undefined;
  scopes: string[];
  /** Epoch ms; undefined for a token that does not expire. */
  expiresAt: number | undefined;
  refreshToken: string | undefined;
}

/** A refresh token: single use, it rotates at each refresh. */
export interface MockRefreshToken {
  refreshToken: string;
  clientId: string;
  userId: string;
  scopes: string[];
  used: boolean;
}

/** A chat message sent through the fake platform. */
export interface MockChatMessage {
  message_id: string;
  broadcaster_id: string;
  sender_id: string;
  text: string;
  sent_at: number;
  deleted: boolean;
}

/** A ban or timeout in a channel. */
export interface MockBan {
  user_id: string;
  moderator_id: string;
  reason: string;
  created_at: number;
  /** Epoch ms; undefined for a permanent ban. */
  ends_at: number | undefined;
}

/** A channel's information (Get / Modify Channel Information), shared by the channel, stream and search routes. */
export interface MockChannelInfo {
  title: string;
  game_id: string;
  game_name: string;
  broadcaster_language: string;
  /** Stream delay in seconds (partners only may set it). */
  delay: number;
  tags: string[];
  content_classification_labels: string[];
  is_branded_content: boolean;
}

/** The broadcast in progress while a channel is live. */
export interface MockStream {
  id: string;
  type: 'live';
  viewer_count: number;
  /** Epoch ms. */
  started_at: number;
  is_mature: boolean;
}

/** A category (game) the platform knows. */
export interface MockGame {
  id: string;
  name: string;
  box_art_url: string;
  igdb_id: string;
}

/** What every group shares about a channel. */
export interface MockChannel {
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
  moderators: Set<string>;
  vips: Set<string>;
  /** The VIP slots the channel has. */
  vipSlots: number;
  bans: Map<string, MockBan>;
  /** User IDs of the people in chat. */
  chatters: string[];
  messages: MockChatMessage[];
}

/** Random token material, URL-safe. */
export function randomToken(bytes = 15): string {
  return randomBytes(bytes).toString('base64url');
}

/** The fake platform's data: users, clients, tokens and channels. */
export class MockState {
  readonly users = new Map<string, MockUser>();
  readonly clients = new Map<string, MockClient>();
  readonly tokens = new Map<string, MockToken>();
  readonly refreshTokens = new Map<string, MockRefreshToken>();
  readonly channels = new Map<string, MockChannel>();
  /** Categories by ID; the routes of games, search, channels and streams read it. */
  readonly games = new Map<string, MockGame>();
  /** Token lifetime in seconds for tokens issued by the OAuth server. */
  tokenLifetime = 4 * 3600;
  #nextUserId = 1000;
  #nextId = 1;

  constructor(readonly now: () => number) {}

  /** A fresh identifier (messages, terms, requests...): a UUID-like string. */
  id(): string {
    const n = (this.#nextId++).toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${n}`;
  }

  addUser(user: Partial<MockUser> & { login: string }): MockUser {
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

  user(id: string): MockUser | undefined {
    return this.users.get(id);
  }

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
}
