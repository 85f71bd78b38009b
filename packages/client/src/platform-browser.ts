import { PlatformError } from '@platform/core';
import { eventSubWebSocket } from '@platform/eventsub-ws';
import type { EventSubGroup } from './eventsub';
import { PlatformBase } from './platform-base';

export type { PlatformOptions } from './platform-base';

const serverOnly = (method: string, module: string) => (): never => {
  throw new PlatformError(
    `client.eventsub.${method}() subscribes with the app token, which needs a clientSecret, so it runs on a server. This is the browser build of @platform/client; on a server or an edge runtime use ${module}.`,
  );
};

/**
 * `Platform` in the browser build of `@platform/client`: the same client, with the WebSocket
 * listener only. Webhook and conduit listeners use the app token, whose clientSecret must never
 * reach a browser; their packages stay out of this build.
 */
export class Platform extends PlatformBase {
  /** Event listeners: `websocket()`. `webhook()` and `conduit()` throw a PlatformError in this build. */
  get eventsub(): EventSubGroup {
    return {
      websocket: (options) => eventSubWebSocket(this, options),
      webhook: serverOnly('webhook', "eventSubWebhook from '@platform/eventsub-webhook'"),
      conduit: serverOnly('conduit', "eventSubConduit from '@platform/eventsub-conduit'"),
    };
  }
}
