import { booleanParam, callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatAnnouncementColor } from '../types';

/** Parameters of `announce`. */
export interface AnnounceParams {
  /** The channel the announcement goes to. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The text; the platform cuts it after 500 characters. */
  message: string;
  /** The accent color; the platform's default is `primary`. */
  color?: ChatAnnouncementColor;
  /**
   * In a shared chat session, whether the announcement stays in this channel. App token only (the
   * platform's default there is true); the platform refuses it (400) with a user token. Sent in
   * the request body, where the platform's reference lists it (some clients send it in the query;
   * no refusal of the body is known).
   */
  for_source_only?: boolean;
}

/** Declaration of `chat.announce`: POST /chat/announcements, either token, moderator:manage:announcements. */
export const announceOperation = /* @__PURE__ */ defineOperation<AnnounceParams, void>({
  name: 'chat.announce',
  method: 'POST',
  path: '/chat/announcements',
  token: 'either',
  scopes: ['moderator:manage:announcements'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    message: { type: 'string', in: 'body', required: true },
    color: { type: 'string', in: 'body' },
    for_source_only: { type: booleanParam, in: 'body' },
  },
  result: voidResult,
});

/**
 * Sends an announcement to a channel's chat, highlighted with a color.
 *
 * Token: app or user; moderator:manage:announcements. The app token works too, with `moderator_id`
 * set to a moderator (or the broadcaster) who granted the app moderator:manage:announcements and
 * user:bot, in a channel whose broadcaster granted it channel:bot. In a shared chat session an
 * announcement sent with a user token goes to every channel of the session; one sent with the app
 * token goes to this channel only, unless `for_source_only` is false.
 * Limits: one announcement per 2 seconds (a 429 otherwise); the platform cuts the message after
 * 500 characters rather than refusing it, so no length is checked here.
 *
 * @platformName Send Chat Announcement
 * @throws PlatformError when `broadcaster_id` or `message` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call; PlatformRateLimitError when announcements come too fast.
 * @example
 * await announce(client, { broadcaster_id: '1234', message: 'Stream starts in 5 minutes!', color: 'purple' });
 */
export function announce(client: ClientHandle, params: AnnounceParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, announceOperation, params, options);
}
