/**
 * What the EventSub benches send and expect, shared by the bench and its child processes. The
 * events are copied from the shared fixtures (`channel.chat.message@1.json`,
 * `channel.follow@2.json`) so that the bench runs where those files are not (CI).
 */

export const CLIENT_ID = 'bench';
export const TOKEN = 'benchtoken';
/** For app tokens (webhook subscriptions take one): the generator's `/auth/token` hands one out. */
export const CLIENT_SECRET = 'benchsecret';
/** The webhook secret of every contender (10 to 100 ASCII characters, as the platform requires). */
export const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789';

/** The channel of both subscriptions. */
export const BROADCASTER_ID = '41520837';
/** The reading user of `channel.chat.message` (the WebSocket token's user). */
export const CHAT_USER_ID = '73044518';
/** The moderator of `channel.follow` (the webhook token's user). */
export const MODERATOR_ID = '58213390';
/** The chatter of the chat message and the follower of the follow event: the handlers' check. */
export const EVENT_USER_ID = '73019922';

/** Scopes the bench servers say the token has (twurple checks them before subscribing). */
export const SCOPES = ['user:read:chat', 'user:bot', 'moderator:read:followers'];

/** The `event` of a `channel.chat.message` version 1 notification. */
export const chatMessageEvent = {
  broadcaster_user_id: '41520837',
  broadcaster_user_login: 'pixelforge',
  broadcaster_user_name: 'PixelForge',
  chatter_user_id: '73019922',
  chatter_user_login: 'quietfox',
  chatter_user_name: 'QuietFox',
  message_id: '5c1b30a2-a76e-41ea-ac08-c5dc1c8676aa',
  message: {
    text: '@TealOtter that boss fight was clean pixelfHype Cheer100',
    fragments: [
      {
        type: 'mention',
        text: '@TealOtter',
        cheermote: null,
        emote: null,
        mention: {
          user_id: '73044518',
          user_name: 'TealOtter',
          user_login: 'tealotter',
        },
      },
      {
        type: 'text',
        text: ' that boss fight was clean ',
        cheermote: null,
        emote: null,
        mention: null,
      },
      {
        type: 'emote',
        text: 'pixelfHype',
        cheermote: null,
        emote: {
          id: 'emotesv2_3f9d2c8a41b04e6f9a7e5c1d2b3a4f50',
          emote_set_id: '318842305',
          owner_id: '41520837',
          format: ['static', 'animated'],
        },
        mention: null,
      },
      {
        type: 'text',
        text: ' ',
        cheermote: null,
        emote: null,
        mention: null,
      },
      {
        type: 'cheermote',
        text: 'Cheer100',
        cheermote: {
          prefix: 'cheer',
          bits: 100,
          tier: 100,
        },
        emote: null,
        mention: null,
      },
    ],
  },
  message_type: 'text',
  badges: [
    {
      set_id: 'subscriber',
      id: '12',
      info: '14',
    },
    {
      set_id: 'bits',
      id: '1000',
      info: '',
    },
  ],
  cheer: {
    bits: 100,
  },
  color: '#1E90FF',
  reply: {
    parent_message_id: '3f41494d-3d98-4cf9-a614-576e468f5a5d',
    parent_message_body: 'anyone else think that boss was impossible?',
    parent_user_id: '73044518',
    parent_user_login: 'tealotter',
    parent_user_name: 'TealOtter',
    thread_message_id: 'df422933-ff84-4538-a81e-5a0d4aeb52b3',
    thread_user_id: '73044518',
    thread_user_login: 'tealotter',
    thread_user_name: 'TealOtter',
  },
  channel_points_custom_reward_id: null,
  source_broadcaster_user_id: null,
  source_broadcaster_user_login: null,
  source_broadcaster_user_name: null,
  source_message_id: null,
  source_badges: null,
  is_source_only: null,
};

/** The `event` of a `channel.follow` version 2 notification. */
export const followEvent = {
  user_id: '73019922',
  user_login: 'quietfox',
  user_name: 'QuietFox',
  broadcaster_user_id: '41520837',
  broadcaster_user_login: 'pixelforge',
  broadcaster_user_name: 'PixelForge',
  followed_at: '2026-03-14T18:01:20.164479528Z',
};

/** An RFC3339 timestamp of now with nine fractional digits, like the platform's. */
export function timestamp(): string {
  return `${new Date().toISOString().slice(0, -1)}000000Z`;
}

/** What `/auth/validate` (twurple) and `/oauth2/validate` answer for the bench token. */
export function validateBody(userId: string): string {
  return JSON.stringify({ client_id: CLIENT_ID, login: 'bench', scopes: SCOPES, user_id: userId, expires_in: 3600 });
}

// ---------------------------------------------------------------------------------------------
// Messages between the bench and its child processes

/** The WebSocket server process to the bench. */
export type WsServerMessage =
  | { type: 'listening'; port: number }
  | { type: 'sent'; run: number; count: number; ms: number; cpuMicros: number }
  | { type: 'failed'; run: number; message: string };

/** The bench to the WebSocket server process: send `count` notifications on the subscription's socket. */
export interface WsSendMessage {
  type: 'send';
  run: number;
  subscriptionId: string;
  count: number;
}

/** The webhook load generator process to the bench. */
export type GeneratorMessage =
  | { type: 'listening'; port: number }
  | { type: 'verification'; id: string; callback: string; ok: boolean; detail: string }
  | { type: 'done'; run: number; count: number; ms: number; cpuMicros: number; statuses: Record<string, number> }
  | { type: 'failed'; run: number; message: string };

/** The bench to the load generator: deliver `count` signed notifications to the listener. */
export interface GeneratorLoadMessage {
  type: 'load';
  run: number;
  /** The listener's port on 127.0.0.1 and the path it takes deliveries on. */
  port: number;
  path: string;
  count: number;
  /** Requests in flight at any time, each on its own keep-alive connection. */
  concurrency: number;
  /** The subscription the notifications name; its secret signs them when the generator created it. */
  subscriptionId: string;
}
