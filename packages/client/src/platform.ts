import { authOf, platformAuth, type AuthApi, type TokenStore } from '@platform/auth';
import { ClientCore, PlatformClient, PlatformError, type ClientOptions } from '@platform/core';
import { boundGroup, type BoundGroup } from './bind';
import { eventSubGroup, type EventSubGroup } from './eventsub';
import { chatGroup, guestStarGroup, moderationGroup } from './groups';

/** Options of `new Platform()`: the client options of core, plus the token store. */
export interface PlatformOptions extends Omit<ClientOptions, 'authenticator' | 'token'> {
  /** Keeps registered users across restarts; in memory by default. `@platform/client/file-store` has a file-backed one. */
  tokens?: TokenStore | undefined;
}

const storeMethods = ['get', 'set', 'delete', 'list'] as const;

/**
 * The platform client a backend constructs once: the operation groups (`client.chat`,
 * `client.moderation`, `client.guestStar`), event listeners (`client.eventsub`), sign-in and tokens (`client.auth`), identity views
 * (`client.as(userId)`), `client.request()`, `client.rateLimitOf()` and the client events.
 *
 * @throws PlatformError for a bad option (no clientId, a negative timeout, a token store missing
 * a method...).
 * @example
 * const client = new Platform({ clientId, clientSecret, tokens });
 * await client.auth.addUser(accessToken);
 * for await (const chatter of client.chat.chatters({ broadcaster_id })) console.log(chatter.user_login);
 */
export class Platform extends PlatformClient {
  /** Registered users, the app token and the sign-in flows. */
  readonly auth: AuthApi;

  constructor(options: PlatformOptions) {
    const { tokens, ...rest } = (typeof options === 'object' && options !== null ? options : {}) as PlatformOptions;
    if (tokens !== undefined && (typeof tokens !== 'object' || tokens === null || storeMethods.some((method) => typeof tokens[method] !== 'function'))) {
      throw new PlatformError('The tokens option must be a token store with get, set, delete and list methods.');
    }
    super(new ClientCore({ ...rest, authenticator: platformAuth({ tokens }) }));
    this.auth = authOf(this);
  }

  /** The chat operations: chatters, emotes, badges, settings, messages, pins, announcements, shoutouts, colors. */
  get chat(): BoundGroup<typeof chatGroup> {
    return boundGroup(this, 'chat', chatGroup);
  }

  /** The moderation operations: bans, unban requests, AutoMod, blocked terms, moderators, VIPs, shield mode, warnings. */
  get moderation(): BoundGroup<typeof moderationGroup> {
    return boundGroup(this, 'moderation', moderationGroup);
  }

  /**
   * Event listeners over WebSocket, webhook or conduit. A listener made from a `client.as()`
   * view subscribes as that view's user.
   */
  get eventsub(): EventSubGroup {
    return eventSubGroup(this);
  }

  /** The guest star operations. Beta: the platform may change them. */
  get guestStar(): BoundGroup<typeof guestStarGroup> {
    return boundGroup(this, 'guestStar', guestStarGroup);
  }
}
