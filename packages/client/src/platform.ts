import { eventSubGroup, type EventSubGroup } from './eventsub';
import { PlatformBase } from './platform-base';

export type { PlatformOptions } from './platform-base';

/**
 * The platform client a backend constructs once: the operation groups (`client.chat`,
 * `client.moderation`, `client.guestStar`), event listeners (`client.eventsub`), sign-in and tokens
 * (`client.auth`), identity views (`client.as(userId)`), `client.request()`, `client.rateLimitOf()`
 * and the client events.
 *
 * @throws PlatformError for a bad option (no clientId, a negative timeout, a token store missing
 * a method, an `http:` or `ws:` address on a host other than this machine...).
 * @example
 * const client = new Platform({ clientId, clientSecret, tokens });
 * await client.auth.addUser(accessToken);
 * for await (const chatter of client.chat.chatters({ broadcaster_id })) console.log(chatter.user_login);
 */
export class Platform extends PlatformBase {
  /**
   * Event listeners over WebSocket, webhook or conduit. A listener made from a `client.as()`
   * view subscribes as that view's user.
   */
  get eventsub(): EventSubGroup {
    return eventSubGroup(this);
  }
}
