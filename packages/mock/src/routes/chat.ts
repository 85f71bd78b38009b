// The chat group (reference: Chat), in the shape of controls.ts: `ChatState` (chat-state.ts), the
// route tables (one file per resource: chat-announcements.ts, chat-chatters.ts, chat-colors.ts,
// chat-emotes.ts, chat-messages.ts, chat-pins.ts, chat-settings.ts) gathered in `chatRoutes`, and
// `chatControls`, what tests do that no API call does (`mock.chat.*`, `/mock/chat.*`).
import type { ControlTable } from '../controls';
import type { RouteRow } from '../helix';
import type { MockChatMessage } from '../state';
import { chatAnnouncementRoutes } from './chat-announcements';
import { chatChatterRoutes } from './chat-chatters';
import { chatColorRoutes } from './chat-colors';
import { chatEmoteRoutes, type ChatBadgeSetInput, type ChatEmoteInput } from './chat-emotes';
import { chatMessageRoutes } from './chat-messages';
import { chatPinRoutes } from './chat-pins';
import { chatSettingsRoutes } from './chat-settings';
import type { ChatState, MockChatSettings, MockSharedChatSession } from './chat-state';

export type { ChatBadgeSetInput, ChatBadgeVersionInput, ChatEmoteInput } from './chat-emotes';
export type { MockChatSettings, MockSharedChatSession } from './chat-state';
export { ChatState } from './chat-state';

/** What tests can do in the chat group that no API call does. */
export interface ChatControl {
  /** Replaces the global emotes (a few samples are there from the start). */
  setGlobalEmotes(emotes: ChatEmoteInput[]): void;
  /**
   * Replaces a channel's emotes (`GET /chat/emotes`). Defaults: `emote_type` `subscriptions`,
   * `tier` `1000` for subscriptions (`""` otherwise), `owner_id` the broadcaster.
   */
  setChannelEmotes(broadcasterId: string, emotes: ChatEmoteInput[]): void;
  /**
   * Replaces the emotes a user owns beyond the global ones (`GET /chat/emotes/user` lists both,
   * plus the follower emotes of the `broadcaster_id` it is asked about).
   */
  setUserEmotes(userId: string, emotes: ChatEmoteInput[]): void;
  /** Replaces the global badge sets (broadcaster, moderator, vip and subscriber are there from the start). */
  setGlobalBadges(sets: ChatBadgeSetInput[]): void;
  /** Replaces a channel's badge sets (`GET /chat/badges`; none at the start). */
  setChannelBadges(broadcasterId: string, sets: ChatBadgeSetInput[]): void;
  /**
   * Marks a user as a premium-tier user, who may pick any hex chat color. Partners are premium
   * without this; everybody else gets a 400 for a hex color and must pick a named one.
   */
  setPremium(userId: string, premium?: boolean): void;
  /** Puts users in a channel's chat (`GET /chat/chatters`), in order, each once. */
  join(broadcasterId: string, userIds: string[]): void;
  /** Takes users out of a channel's chat. */
  leave(broadcasterId: string, userIds: string[]): void;
  /**
   * A chatter writes a message, as if from the platform's own chat box: the message is stored
   * (so it can be pinned or replied to), the user joins the chatters and `channel.chat.message`
   * is raised. No ban or chat setting is checked: use `POST /chat/messages` for that.
   */
  userSays(broadcasterId: string, userId: string, text: string, options?: { replyTo?: string }): MockChatMessage;
  /**
   * Starts a shared chat session hosted by `hostId` with the other `participantIds`; raises
   * `channel.shared_chat.begin` for each channel. Throws if a channel is already in a session.
   */
  startSharedSession(hostId: string, participantIds: string[]): MockSharedChatSession;
  /** Ends the shared chat session a channel is in (if any); raises `channel.shared_chat.end` for each channel. */
  endSharedSession(broadcasterId: string): void;
  /** A channel's chat settings, as stored now. */
  settingsOf(broadcasterId: string): MockChatSettings;
  /** The message pinned in a channel now, as `GET /chat/pins` returns it, or undefined. */
  pinnedMessage(broadcasterId: string): Record<string, unknown> | undefined;
}

/**
 * The chat routes (written from shared/reference/helix.md §2.1): chatters, emotes, badges,
 * settings, shared chat session, announcements, shoutouts, messages, pins and chat colors.
 */
export const chatRoutes: readonly RouteRow<ChatState>[] = [
  ...chatChatterRoutes,
  ...chatEmoteRoutes,
  ...chatSettingsRoutes,
  ...chatAnnouncementRoutes,
  ...chatMessageRoutes,
  ...chatPinRoutes,
  ...chatColorRoutes,
];

/** The chat controls: `mock.chat.*` and `/mock/chat.*`. */
export const chatControls: ControlTable<ChatState, ChatControl> = {
  setGlobalEmotes: {
    params: ['emotes: ChatEmoteInput[]'],
    does: 'Replaces the global emotes (a few samples are there from the start).',
    run: (chat, emotes) => chat.setGlobalEmotes(emotes),
  },
  setChannelEmotes: {
    params: ['broadcasterId: string', 'emotes: ChatEmoteInput[]'],
    does: "Replaces a channel's emotes (`GET /chat/emotes`).",
    run: (chat, broadcasterId, emotes) => chat.setChannelEmotes(broadcasterId, emotes),
  },
  setUserEmotes: {
    params: ['userId: string', 'emotes: ChatEmoteInput[]'],
    does: 'Replaces the emotes a user owns beyond the global ones (`GET /chat/emotes/user` lists both, plus the follower emotes of the `broadcaster_id` it is asked about).',
    run: (chat, userId, emotes) => chat.setUserEmotes(userId, emotes),
  },
  setGlobalBadges: {
    params: ['sets: ChatBadgeSetInput[]'],
    does: 'Replaces the global badge sets (broadcaster, moderator, vip and subscriber are there from the start).',
    run: (chat, sets) => chat.setGlobalBadges(sets),
  },
  setChannelBadges: {
    params: ['broadcasterId: string', 'sets: ChatBadgeSetInput[]'],
    does: "Replaces a channel's badge sets (`GET /chat/badges`; none at the start).",
    run: (chat, broadcasterId, sets) => chat.setChannelBadges(broadcasterId, sets),
  },
  setPremium: {
    params: ['userId: string', 'premium?: boolean'],
    does: 'Marks a user as a premium-tier user, who may pick any hex chat color.',
    run: (chat, userId, premium) => chat.setPremium(userId, premium),
  },
  join: {
    params: ['broadcasterId: string', 'userIds: string[]'],
    does: "Puts users in a channel's chat (`GET /chat/chatters`), in order, each once.",
    run: (chat, broadcasterId, userIds) => chat.join(broadcasterId, userIds),
  },
  leave: {
    params: ['broadcasterId: string', 'userIds: string[]'],
    does: "Takes users out of a channel's chat.",
    run: (chat, broadcasterId, userIds) => chat.leave(broadcasterId, userIds),
  },
  userSays: {
    params: ['broadcasterId: string', 'userId: string', 'text: string', 'options?: { replyTo?: string }'],
    does: "A chatter writes a message, as if from the platform's own chat box: the message is stored (so it can be pinned or replied to), the user joins the chatters and `channel.chat.message` is raised.",
    run: (chat, broadcasterId, userId, text, options) => chat.userSays(broadcasterId, userId, text, options),
  },
  startSharedSession: {
    params: ['hostId: string', 'participantIds: string[]'],
    does: 'Starts a shared chat session hosted by `hostId` with the other `participantIds`; raises `channel.shared_chat.begin` for each channel.',
    run: (chat, hostId, participantIds) => chat.startSharedSession(hostId, participantIds),
  },
  endSharedSession: {
    params: ['broadcasterId: string'],
    does: 'Ends the shared chat session a channel is in (if any); raises `channel.shared_chat.end` for each channel.',
    run: (chat, broadcasterId) => chat.endSharedSession(broadcasterId),
  },
  settingsOf: {
    params: ['broadcasterId: string'],
    does: "A channel's chat settings, as stored now.",
    run: (chat, broadcasterId) => ({ ...chat.settingsOf(broadcasterId) }),
  },
  pinnedMessage: {
    params: ['broadcasterId: string'],
    does: 'The message pinned in a channel now, as `GET /chat/pins` returns it, or undefined.',
    run: (chat, broadcasterId) => chat.pinnedMessage(broadcasterId),
  },
};
