// The chat group (reference: Chat): its tables, one file per resource, and the controls tests use
// for what no API call does.
import type { Router } from '../http';
import { registerRoutes, userFields, type HelixContext } from '../helix';
import type { MockChatMessage } from '../state';
import { chatAnnouncementRoutes } from './chat-announcements';
import { chatChatterRoutes } from './chat-chatters';
import { chatColorRoutes } from './chat-colors';
import { chatEmoteRoutes, type ChatBadgeSetInput, type ChatEmoteInput } from './chat-emotes';
import { chatMessageRoutes } from './chat-messages';
import { chatPinRoutes } from './chat-pins';
import { chatSettingsRoutes } from './chat-settings';
import { badgeSet, ChatState, type MockChatSettings, type MockSharedChatSession, type SharedSession } from './chat-state';

export type { ChatBadgeSetInput, ChatBadgeVersionInput, ChatEmoteInput } from './chat-emotes';
export type { MockChatSettings, MockSharedChatSession } from './chat-state';

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
 * Returns the controls tests use for what no API call does (exposed as `mock.chat`).
 */
export function registerChatRoutes(router: Router, context: HelixContext): ChatControl {
  const { state } = context;
  const chat = new ChatState(context);
  registerRoutes(router, context, [
    ...chatChatterRoutes(chat),
    ...chatEmoteRoutes(chat),
    ...chatSettingsRoutes(chat),
    ...chatAnnouncementRoutes(chat),
    ...chatMessageRoutes(chat),
    ...chatPinRoutes(chat),
    ...chatColorRoutes(chat),
  ]);

  return {
    setGlobalEmotes(emotes) {
      chat.globalEmotes = emotes.map((emote) => chat.emoteRecord(emote, { emote_type: 'globals', emote_set_id: '0', owner_id: '0' }));
    },
    setChannelEmotes(broadcasterId, emotes) {
      chat.channelEmotes.set(
        broadcasterId,
        emotes.map((emote) => chat.emoteRecord(emote, { owner_id: broadcasterId, emote_set_id: `${broadcasterId}_${emote.emote_type ?? 'subscriptions'}` })),
      );
    },
    setUserEmotes(userId, emotes) {
      chat.userEmotes.set(userId, emotes.map((emote) => chat.emoteRecord(emote, {})));
    },
    setGlobalBadges(sets) {
      chat.globalBadges = sets.map(badgeSet);
    },
    setChannelBadges(broadcasterId, sets) {
      chat.channelBadges.set(broadcasterId, sets.map(badgeSet));
    },
    setPremium(userId, value = true) {
      if (value) chat.premium.add(userId);
      else chat.premium.delete(userId);
    },
    join(broadcasterId, userIds) {
      const chatters = state.channel(broadcasterId).chatters;
      for (const id of userIds) if (!chatters.includes(id)) chatters.push(id);
    },
    leave(broadcasterId, userIds) {
      const chatters = state.channel(broadcasterId).chatters;
      // In place, so anyone holding the list sees the change.
      for (let index = chatters.length - 1; index >= 0; index--) if (userIds.includes(chatters[index]!)) chatters.splice(index, 1);
    },
    userSays(broadcasterId, userId, text, options = {}) {
      const chatters = state.channel(broadcasterId).chatters;
      if (!chatters.includes(userId)) chatters.push(userId);
      const replyTo = options.replyTo === undefined ? undefined : chat.findMessage(broadcasterId, options.replyTo);
      if (options.replyTo !== undefined && !replyTo) throw new Error(`No message ${options.replyTo} in the chat of ${broadcasterId}.`);
      return chat.deliver(broadcasterId, userId, text, replyTo, false);
    },
    startSharedSession(hostId, participantIds) {
      const participants = [hostId, ...participantIds.filter((id) => id !== hostId)];
      const busy = participants.find((id) => chat.sessionOf(id));
      if (busy !== undefined) throw new Error(`Channel ${busy} is already in a shared chat session.`);
      const now = context.now();
      const session: SharedSession = { id: state.id(), host: hostId, participants, createdAt: now, updatedAt: now };
      chat.sessions.push(session);
      for (const id of participants) {
        context.events.raise({
          type: 'channel.shared_chat.begin',
          version: '1',
          condition: { broadcaster_user_id: id },
          event: {
            session_id: session.id,
            ...userFields(context, id, 'broadcaster_user'),
            ...userFields(context, hostId, 'host_broadcaster_user'),
            participants: participants.map((participant) => userFields(context, participant, 'broadcaster_user')),
          },
        });
      }
      return chat.sessionWire(session);
    },
    endSharedSession(broadcasterId) {
      const session = chat.sessionOf(broadcasterId);
      if (!session) return;
      chat.sessions.splice(chat.sessions.indexOf(session), 1);
      for (const id of session.participants) {
        context.events.raise({
          type: 'channel.shared_chat.end',
          version: '1',
          condition: { broadcaster_user_id: id },
          event: { session_id: session.id, ...userFields(context, id, 'broadcaster_user'), ...userFields(context, session.host, 'host_broadcaster_user') },
        });
      }
    },
    settingsOf: (broadcasterId) => ({ ...chat.settingsOf(broadcasterId) }),
    pinnedMessage(broadcasterId) {
      const pin = chat.livePin(broadcasterId);
      return pin ? chat.pinWire(pin) : undefined;
    },
  };
}
