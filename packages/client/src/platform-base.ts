import { authOf, platformAuth, type AuthApi, type TokenStore } from '@platform/auth';
import { PlatformClient, PlatformError, type ClientOptions } from '@platform/core';
import { ClientCore } from '@platform/core/internal';
import { boundGroup, type BoundGroup } from './bind';
import { chatGroup, guestStarGroup, moderationGroup } from './groups';

/** Options of `new Platform()`: the client options of core, plus the token store. */
export interface PlatformOptions extends Omit<ClientOptions, 'authenticator' | 'token'> {
  /** Keeps registered users across restarts; in memory by default. `@platform/client/file-store` has a file-backed one. */
  tokens?: TokenStore | undefined;
}

const storeMethods = ['get', 'set', 'delete', 'list'] as const;

/**
 * What the server and browser builds of `Platform` share: the operation groups, `client.auth`,
 * `client.as()`, `client.request()`, `client.rateLimitOf()` and the client events. Users construct
 * `Platform`.
 */
export class PlatformBase extends PlatformClient {
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

  /** The guest star operations. Beta: the platform may change them. */
  get guestStar(): BoundGroup<typeof guestStarGroup> {
    return boundGroup(this, 'guestStar', guestStarGroup);
  }
}
