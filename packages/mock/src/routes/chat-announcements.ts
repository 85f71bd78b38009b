// Announcements and shoutouts (reference: Send Chat Announcement, Send a Shoutout).
import { HttpError } from '../http';
import { asModerator, field, iso, noContent, userFields, type RouteRow } from '../helix';
import { MESSAGE_MAX, sourceOnly } from './chat-messages';
import type { ChatState } from './chat-state';

const ANNOUNCE_WINDOW_MS = 2_000;
const ANNOUNCEMENT_COLORS = ['blue', 'green', 'orange', 'purple', 'primary'];
const SHOUTOUT_CHANNEL_COOLDOWN_MS = 2 * 60_000;
const SHOUTOUT_TARGET_COOLDOWN_MS = 60 * 60_000;

/** Every notice field of `channel.chat.notification`; all but the one matching `notice_type` are null. */
const NOTICE_FIELDS = [
  'sub', 'resub', 'sub_gift', 'community_sub_gift', 'gift_paid_upgrade', 'prime_paid_upgrade', 'pay_it_forward', 'raid', 'unraid',
  'announcement', 'bits_badge_tier', 'charity_donation', 'watch_streak', 'modiversary', 'shared_chat_sub', 'shared_chat_resub',
  'shared_chat_sub_gift', 'shared_chat_community_sub_gift', 'shared_chat_gift_paid_upgrade', 'shared_chat_prime_paid_upgrade',
  'shared_chat_pay_it_forward', 'shared_chat_raid', 'shared_chat_announcement', 'shared_chat_modiversary',
];

/** The announcement and shoutout routes. */
export const chatAnnouncementRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'POST',
    path: '/chat/announcements',
    token: 'either',
    scopes: ['moderator:manage:announcements'],
    query: ['broadcaster_id', 'moderator_id'],
    body: ['message'],
    handle: asModerator<ChatState>(({ request, token, context, broadcasterId, moderatorId }, chat) => {
      // In the body, where the platform's reference lists it.
      const forSourceOnly = sourceOnly(token, field(request, 'for_source_only'));
      const message = field<unknown>(request, 'message');
      if (typeof message !== 'string') throw new HttpError(400, 'The parameter "message" must be a string');
      const colorField = field<unknown>(request, 'color') ?? 'primary';
      const color = typeof colorField === 'string' ? colorField.toLowerCase() : '';
      if (!ANNOUNCEMENT_COLORS.includes(color)) throw new HttpError(400, `The parameter "color" must be one of ${ANNOUNCEMENT_COLORS.join(', ')}`);
      context.limits.endpoint(`chat.announce:${broadcasterId}`, 1, ANNOUNCE_WINDOW_MS, 'Only one announcement may be sent every 2 seconds');
      // The platform cuts an announcement past 500 characters instead of refusing it.
      const text = Array.from(message).slice(0, MESSAGE_MAX).join('');
      const messageId = context.state.id();
      const badges = chat.badgesOf(broadcasterId, moderatorId);
      const { targets, source } = chat.audience(broadcasterId, forSourceOnly, messageId, badges);
      for (const target of targets) {
        const noticeType = target === broadcasterId ? 'announcement' : 'shared_chat_announcement';
        context.events.raise({
          type: 'channel.chat.notification',
          version: '1',
          condition: { broadcaster_user_id: target },
          event: {
            ...userFields(context, target, 'broadcaster_user'),
            ...userFields(context, moderatorId, 'chatter_user'),
            chatter_is_anonymous: false,
            color: chat.colors.get(moderatorId) ?? '',
            badges,
            system_message: '',
            message_id: messageId,
            message: { text, fragments: chat.fragmentsOf(broadcasterId, moderatorId, text) },
            notice_type: noticeType,
            ...Object.fromEntries(NOTICE_FIELDS.map((name) => [name, name === noticeType ? { color: color.toUpperCase() } : null])),
            ...source,
          },
        });
      }
      return noContent();
    }),
  },
  {
    method: 'POST',
    path: '/chat/shoutouts',
    token: 'either',
    scopes: ['moderator:manage:shoutouts'],
    query: ['from_broadcaster_id', 'to_broadcaster_id', 'moderator_id'],
    handle: asModerator<ChatState>(({ request, context, broadcasterId: fromId, moderatorId }, chat) => {
      const { state } = context;
      const toId = request.query.get('to_broadcaster_id')!;
      if (fromId === toId) throw new HttpError(400, 'The broadcaster may not give themselves a shoutout');
      if (!state.user(toId)) throw new HttpError(400, 'The ID in to_broadcaster_id is not a valid user');
      if (!state.channel(fromId).live) throw new HttpError(403, 'The broadcaster is not streaming live; shoutouts can only be sent during a stream');
      const now = context.now();
      const channelReady = (chat.lastShoutout.get(fromId) ?? -Infinity) + SHOUTOUT_CHANNEL_COOLDOWN_MS;
      if (now < channelReady) throw new HttpError(429, 'The broadcaster may send one shoutout every 2 minutes');
      const targetKey = `${fromId}>${toId}`;
      const targetReady = (chat.lastShoutoutTo.get(targetKey) ?? -Infinity) + SHOUTOUT_TARGET_COOLDOWN_MS;
      if (now < targetReady) throw new HttpError(429, 'The broadcaster may shout out the same broadcaster once an hour');
      chat.lastShoutout.set(fromId, now);
      chat.lastShoutoutTo.set(targetKey, now);
      // The mock keeps no viewer counts; the people in chat stand in for them.
      const viewerCount = state.channel(fromId).chatters.length;
      context.events.raise({
        type: 'channel.shoutout.create',
        version: '1',
        condition: { broadcaster_user_id: fromId },
        event: {
          ...userFields(context, fromId, 'broadcaster_user'),
          ...userFields(context, toId, 'to_broadcaster_user'),
          ...userFields(context, moderatorId, 'moderator_user'),
          viewer_count: viewerCount,
          started_at: iso(now),
          cooldown_ends_at: iso(now + SHOUTOUT_CHANNEL_COOLDOWN_MS),
          target_cooldown_ends_at: iso(now + SHOUTOUT_TARGET_COOLDOWN_MS),
        },
      });
      context.events.raise({
        type: 'channel.shoutout.receive',
        version: '1',
        condition: { broadcaster_user_id: toId },
        event: { ...userFields(context, toId, 'broadcaster_user'), ...userFields(context, fromId, 'from_broadcaster_user'), viewer_count: viewerCount, started_at: iso(now) },
      });
      return noContent();
    }, 'from_broadcaster_id'),
  },
];
