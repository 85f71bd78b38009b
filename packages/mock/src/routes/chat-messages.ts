// Sending chat messages (reference: Send Chat Message): who may send, what chat modes drop, replies
// and pinning on send.
import { HttpError, type MockRequest } from '../http';
import { field, ok, requiredField, requireLength, requireTokenUser, type RouteRow } from '../helix';
import type { MockChatMessage, MockToken } from '../state';
import type { ChatState } from './chat-state';

/** The longest chat message, in characters. */
export const MESSAGE_MAX = 500;
/** A message pinned as it is sent stays pinned this long. */
const SEND_PIN_SECONDS = 20 * 60;
/** Unique chat mode refuses a message its sender already wrote within this window. */
const UNIQUE_CHAT_WINDOW_MS = 30_000;
/** The platform's chat limits: messages a sender may send to one channel per window. */
export const CHAT_LIMIT_WINDOW_MS = 30_000;
/** The limit of a sender who is not the channel's broadcaster, a moderator or a VIP. */
export const CHAT_LIMIT = 20;
/** The limit of the channel's broadcaster, moderators and VIPs. */
export const CHAT_LIMIT_ELEVATED = 100;

/**
 * The platform's chat limit: a sender who has sent 20 messages to the channel in the last 30 seconds
 * (100 for its broadcaster, moderators and VIPs) gets 429 and the message is not sent.
 */
function requireUnderChatLimit(chat: ChatState, broadcasterId: string, senderId: string): void {
  const { state } = chat.context;
  const since = chat.context.now() - CHAT_LIMIT_WINDOW_MS;
  const channel = state.channel(broadcasterId);
  const limit = state.isModerator(broadcasterId, senderId) || channel.vips.has(senderId) ? CHAT_LIMIT_ELEVATED : CHAT_LIMIT;
  let recent = 0;
  for (let index = channel.messages.length - 1; index >= 0; index--) {
    const message = channel.messages[index]!;
    if (message.sent_at <= since) break;
    if (message.sender_id === senderId && ++recent >= limit) {
      throw new HttpError(429, `The sender has sent ${limit} messages to this chat in the last ${CHAT_LIMIT_WINDOW_MS / 1000} seconds, its limit`);
    }
  }
}

/**
 * `for_source_only` is for app tokens only (a user token gets 400); with an app token it defaults
 * to true, so in a shared chat a bot's message stays in its own channel unless told otherwise.
 */
export function sourceOnly(token: MockToken, value: unknown): boolean {
  if (value === undefined || value === null) return token.userId === undefined;
  if (token.userId !== undefined) throw new HttpError(400, 'The parameter "for_source_only" may only be used with an app access token');
  if (typeof value !== 'boolean') throw new HttpError(400, 'The parameter "for_source_only" must be a boolean');
  return value;
}

/** An ID from a JSON body: a string (a number is taken as its digits, as IDs are numeric strings). */
function idField(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  throw new HttpError(400, `The parameter "${name}" must be a string`);
}

/** A required ID that the platform takes from the JSON body or, failing that, from the query. */
function bodyOrQueryId(request: MockRequest, name: string): string {
  const value = field(request, name);
  if (value !== undefined && value !== null && value !== '') return idField(value, name);
  const query = request.query.get(name);
  if (query === null || query === '') throw new HttpError(400, `Missing required parameter "${name}"`);
  return query;
}

/** Why a message from `senderId` would not reach chat now, or undefined when it would. */
function dropReason(chat: ChatState, broadcasterId: string, senderId: string, text: string): { code: string; message: string } | undefined {
  const { context } = chat;
  const { state } = context;
  const ban = state.activeBan(broadcasterId, senderId);
  if (ban) {
    return ban.ends_at === undefined
      ? { code: 'msg_banned', message: 'You are permanently banned from talking in this channel.' }
      : { code: 'msg_timedout', message: 'You are timed out from talking in this channel.' };
  }
  // The broadcaster and moderators are exempt from chat modes; VIPs from all but emote-only and unique chat.
  if (state.isModerator(broadcasterId, senderId)) return undefined;
  const channel = state.channel(broadcasterId);
  const mode = chat.settingsOf(broadcasterId);
  const vip = channel.vips.has(senderId);
  if (mode.emote_mode) {
    const emotes = chat.emotesByName(broadcasterId, senderId);
    const words = text.split(/\s+/).filter((word) => word !== '');
    if (words.some((word) => !emotes.has(word))) return { code: 'channel_settings', message: 'This room is in emote-only mode.' };
  }
  if (mode.subscriber_mode && !vip && !chat.isSubscriber(broadcasterId, senderId)) return { code: 'channel_settings', message: 'This room is in subscribers-only mode.' };
  // Followers-only: a follow at least follower_mode_duration minutes old (0: any follow).
  if (mode.follower_mode && !vip) {
    const followedAt = channel.followers.get(senderId);
    if (followedAt === undefined) return { code: 'channel_settings', message: 'This room is in followers-only mode.' };
    const minutes = mode.follower_mode_duration ?? 0;
    if (context.now() - followedAt < minutes * 60_000) return { code: 'channel_settings', message: `This room is in ${minutes} minutes followers-only mode.` };
  }
  const own = channel.messages.filter((message) => message.sender_id === senderId && !message.deleted);
  const last = own.at(-1);
  if (mode.slow_mode && !vip && last && context.now() - last.sent_at < (mode.slow_mode_wait_time ?? 30) * 1000) {
    return { code: 'channel_settings', message: 'This room is in slow mode and you are sending messages too quickly.' };
  }
  if (mode.unique_chat_mode && own.some((message) => message.text === text && context.now() - message.sent_at < UNIQUE_CHAT_WINDOW_MS)) {
    return { code: 'msg_duplicate', message: 'Your message is identical to one you sent recently; this room is in unique-chat mode.' };
  }
  return undefined;
}

/**
 * An app token speaks for a bot: the sender must have let this app chat as them, and the
 * channel must have let the bot in (channel:bot) unless the bot moderates it.
 */
function requireBotGrants(chat: ChatState, clientId: string, broadcasterId: string, senderId: string): void {
  const senderGrants = chat.context.state.grantedScopes(clientId, senderId);
  if (!senderGrants.has('user:write:chat') || !senderGrants.has('user:bot')) {
    throw new HttpError(403, 'The sender has not authorized this application to chat as them (user:write:chat and user:bot)');
  }
  if (!chat.context.state.isModerator(broadcasterId, senderId) && !chat.context.state.grantedScopes(clientId, broadcasterId).has('channel:bot')) {
    throw new HttpError(403, 'The broadcaster has not authorized this application (channel:bot) and the sender is not a moderator');
  }
}

/** The message routes. */
export const chatMessageRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'POST',
    path: '/chat/messages',
    token: 'either',
    scopes: ['user:write:chat'],
    // broadcaster_id, sender_id and message are required too; the first two may come in the
    // body or the query (the platform takes both), so the handler reads them.
    handle: ({ request, token }, chat) => {
      if (request.body !== undefined && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
        throw new HttpError(400, 'The request body must be a JSON object');
      }
      const broadcasterId = bodyOrQueryId(request, 'broadcaster_id');
      const senderId = bodyOrQueryId(request, 'sender_id');
      const message = requiredField<unknown>(request, 'message');
      if (typeof message !== 'string') throw new HttpError(400, 'The parameter "message" must be a string');
      if (token.userId !== undefined) requireTokenUser(token, senderId, 'sender_id');
      else requireBotGrants(chat, token.clientId, broadcasterId, senderId);
      requireLength(message, 'message', { max: MESSAGE_MAX }, 422);
      const forSourceOnly = sourceOnly(token, field(request, 'for_source_only'));
      const replyId = field<unknown>(request, 'reply_parent_message_id');
      const pin = field<unknown>(request, 'pin');
      if (pin !== undefined && pin !== null && typeof pin !== 'boolean') throw new HttpError(400, 'The parameter "pin" must be a boolean');
      if (pin === true) {
        if (replyId !== undefined && replyId !== null) throw new HttpError(400, 'A pinned message cannot be a reply');
        if (field(request, 'for_source_only') !== undefined) throw new HttpError(400, 'A pinned message cannot be for the source channel only');
        if (token.userId !== undefined && !token.scopes.includes('moderator:manage:chat_messages')) throw new HttpError(401, 'Missing scope: moderator:manage:chat_messages');
        if (!chat.context.state.isModerator(broadcasterId, senderId)) throw new HttpError(403, 'Only the broadcaster or a moderator can pin a message');
      }
      let replyTo: MockChatMessage | undefined;
      if (replyId !== undefined && replyId !== null && replyId !== '') {
        replyTo = chat.findMessage(broadcasterId, idField(replyId, 'reply_parent_message_id'));
        if (!replyTo) throw new HttpError(400, 'The parent message in reply_parent_message_id was not found in this chat');
      }
      requireUnderChatLimit(chat, broadcasterId, senderId);
      // A refused message is not an error: the platform answers 200 and says why it was dropped.
      const dropped = dropReason(chat, broadcasterId, senderId, message);
      if (dropped) return ok([{ message_id: '', is_sent: false, drop_reason: dropped }]);
      const sent = chat.deliver(broadcasterId, senderId, message, replyTo, forSourceOnly);
      if (pin === true) chat.setPin(broadcasterId, sent, senderId, SEND_PIN_SECONDS);
      return ok([{ message_id: sent.message_id, is_sent: true, drop_reason: null }]);
    },
  },
];
