import type { ClientHandle } from '@platform/core';
import {
  conduits,
  conduitShards,
  createConduit,
  createSubscription,
  deleteConduit,
  deleteSubscription,
  subscriptions,
  updateConduit,
  updateConduitShards,
} from '@platform/eventsub';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions } from '@platform/eventsub-conduit';
import { eventSubWebhook, type WebhookListener, type WebhookListenerOptions } from '@platform/eventsub-webhook';
import { eventSubWebSocket, type WebSocketListener, type WebSocketListenerOptions } from '@platform/eventsub-ws';
import { boundGroup, type BoundGroup } from './bind';

/**
 * The EventSub management operations, as `client.eventsub` binds them: the listeners' own calls,
 * for clean-up scripts and dashboards.
 */
export const eventSubOperations = {
  /** Creates an EventSub subscription ({@link createSubscription}). */
  createSubscription,
  /** Deletes an EventSub subscription ({@link deleteSubscription}). */
  deleteSubscription,
  /** Lists the EventSub subscriptions the client created, in every status ({@link subscriptions}). */
  subscriptions,
  /** Lists the client's conduits with their shard counts ({@link conduits}). */
  conduits,
  /** Creates a conduit with unbound shards ({@link createConduit}). */
  createConduit,
  /** Changes a conduit's shard count ({@link updateConduit}). */
  updateConduit,
  /** Deletes a conduit ({@link deleteConduit}). */
  deleteConduit,
  /** Lists a conduit's shards with their status and transport ({@link conduitShards}). */
  conduitShards,
  /** Binds conduit shards to a WebSocket session or a webhook callback ({@link updateConduitShards}). */
  updateConduitShards,
};

/**
 * `client.eventsub`: makes event listeners on the client (or on the `client.as()` view it was read
 * from), and manages subscriptions and conduits (`subscriptions()`, `deleteSubscription()`,
 * `conduits()`...) with the view's identity.
 *
 * @example
 * for await (const subscription of client.eventsub.subscriptions({ status: 'authorization_revoked' })) {
 *   await client.eventsub.deleteSubscription({ id: subscription.id });
 * }
 */
export interface EventSubGroup extends BoundGroup<typeof eventSubOperations> {
  /**
   * A WebSocket listener: subscriptions use a user token (the view's `as`, or the single
   * registered user).
   *
   * @throws PlatformEventSubError `This runtime has no global WebSocket.` without a WebSocket class.
   * @example
   * const listener = client.eventsub.websocket({ onError: console.error });
   * listener.on('channel.chat.message', { broadcaster_user_id, user_id }, (event) => console.log(event.message.text));
   */
  websocket(options?: WebSocketListenerOptions): WebSocketListener;
  /**
   * A webhook listener: subscriptions use the app token; serve `listener.handler` (Node, Express)
   * or `listener.fetch` (web-standard) at the callback address.
   *
   * @throws PlatformEventSubError without a callback and a secret of 10 to 100 characters.
   * @example
   * const listener = client.eventsub.webhook({ callback: 'https://example.org/hooks', secret });
   * http.createServer(listener.handler).listen(8080);
   */
  webhook(options: WebhookListenerOptions): WebhookListener;
  /**
   * A conduit listener: creates a conduit (or serves `conduitId`), binds WebSocket sessions (or,
   * with the `webhook` option, a webhook callback) as its shards, and subscribes with the app token.
   *
   * @example
   * const listener = client.eventsub.conduit({ shardCount: 2 });
   * listener.on('stream.online', { broadcaster_user_id }, (event) => console.log(event.type));
   * // Shards as webhook callbacks:
   * const hooks = client.eventsub.conduit({ conduitId, shards: [2, 3], webhook: { callback, secret } });
   * http.createServer(hooks.handler).listen(8080);
   */
  conduit(options?: ConduitListenerOptions): ConduitListener;
}

/** The `eventsub` group of a client view. */
export function eventSubGroup(client: ClientHandle): EventSubGroup {
  return {
    ...boundGroup(client, 'eventsub', eventSubOperations),
    websocket: (options) => eventSubWebSocket(client, options),
    webhook: (options) => eventSubWebhook(client, options),
    conduit: (options) => eventSubConduit(client, options),
  };
}
