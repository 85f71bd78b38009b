// Type-checked only: the CommonJS declarations (.d.cts) as a `require` user sees them.
import { createClient, PlatformError, type ClientOptions } from '@platform/core';
import { chatters, type Chatter } from '@platform/api-chat';
import { eventSubWebSocket, type WebSocketListener } from '@platform/eventsub-ws';
import { platformAuth } from '@platform/auth';

export async function firstChatter(options: ClientOptions, broadcaster_id: string): Promise<Chatter | undefined> {
  const client = createClient({ ...options, authenticator: platformAuth() });
  const listener: WebSocketListener = eventSubWebSocket(client, { onError: (error: unknown) => console.error(error instanceof PlatformError ? error.message : error) });
  try {
    const page = await chatters(client, { broadcaster_id, first: 1 });
    return page.data[0];
  } finally {
    await listener.close();
  }
}
