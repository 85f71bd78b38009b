import { PlatformError } from '@platform/core';
import { createSubscription, deleteSubscription, subscriptions } from '@platform/eventsub';
import { eventSubWebSocket } from '@platform/eventsub-ws';
import { boundGroup } from './bind';
import type { EventSubGroup } from './eventsub';
import { PlatformBase } from './platform-base';

export type { PlatformOptions } from './platform-base';

/**
 * What the browser build binds of the EventSub management operations: the subscription calls,
 * which a user's token makes for their WebSocket subscriptions (a browser has no clientSecret, so
 * these calls take the single registered user, or the `client.as()` view's).
 */
const browserOperations = { createSubscription, deleteSubscription, subscriptions };

const serverOnly = (method: string, module: string, needs = 'subscribes with the app token') => (): never => {
  throw new PlatformError(
    `client.eventsub.${method}() ${needs}, which needs a clientSecret, so it runs on a server. This is the browser build of @platform/client; on a server or an edge runtime use ${module}.`,
  );
};

/** A conduit operation: the platform takes only the app token for it. */
const conduitOnly = (name: string) => serverOnly(name, `${name} from '@platform/eventsub'`, 'takes only the app token');

/**
 * `Platform` in the browser build of `@platform/client`: the same client, with the WebSocket
 * listener and the subscription calls only. Webhook and conduit listeners and the conduit
 * operations use the app token, whose clientSecret must never reach a browser; their code stays
 * out of this build.
 */
export class Platform extends PlatformBase {
  /**
   * Event listeners: `websocket()`; subscriptions of the view's user: `subscriptions()`,
   * `createSubscription()` (WebSocket transport), `deleteSubscription()`. `webhook()`, `conduit()`
   * and the conduit operations (`conduits()`, `createConduit()`...) throw a PlatformError in this build.
   */
  get eventsub(): EventSubGroup {
    return {
      ...boundGroup(this, 'eventsub', browserOperations),
      conduits: conduitOnly('conduits'),
      createConduit: conduitOnly('createConduit'),
      updateConduit: conduitOnly('updateConduit'),
      deleteConduit: conduitOnly('deleteConduit'),
      conduitShards: conduitOnly('conduitShards'),
      updateConduitShards: conduitOnly('updateConduitShards'),
      websocket: (options) => eventSubWebSocket(this, options),
      webhook: serverOnly('webhook', "eventSubWebhook from '@platform/eventsub-webhook'"),
      conduit: serverOnly('conduit', "eventSubConduit from '@platform/eventsub-conduit'"),
    };
  }
}
