// The names a README example may use without declaring them: the prelude's values
// (src/prelude.ts), declared for the type check of the examples. Keep the two in step: a test
// compares them.
import type { MemoryTokenStore } from '@platform/auth';
import type { Platform } from '@platform/client';

declare global {
  /** The application's client ID. */
  const clientId: string;
  /** The application's client secret. */
  const clientSecret: string;
  /** The broadcaster's user ID (141981764). */
  const broadcaster_id: string;
  const broadcasterId: string;
  const broadcaster_user_id: string;
  /** The broadcaster's user access token, with every scope. */
  const token: string;
  const accessToken: string;
  const hostAccessToken: string;
  /** A moderator of the broadcaster's channel, who is also the chat bot. */
  const moderatorId: string;
  const moderator_user_id: string;
  const botId: string;
  const botUserId: string;
  /** The moderator's user access token, with every scope. */
  const moderatorAccessToken: string;
  const botAccessToken: string;
  /** A viewer in the broadcaster's chat. */
  const user_id: string;
  /** A user invited as a guest star. */
  const guest_id: string;
  /** The token store of `client`, holding the broadcaster's and the moderator's tokens. */
  const tokens: MemoryTokenStore;
  /** A Platform client with the broadcaster and the moderator registered. */
  const client: Platform;
  /** A free port on 127.0.0.1, and a webhook callback served there. */
  const port: number;
  const callback: string;
  /** A webhook secret, also in process.env.EVENTSUB_SECRET. */
  const secret: string;
  /** An extension of the broadcaster's (released, version 1.0.0): its client ID, shared secret (base64) and owner. */
  const extensionClientId: string;
  const extensionSecret: string;
  const ownerUserId: string;
}

export {};
