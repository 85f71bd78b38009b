// Moderators and VIPs (reference: Get Moderated Channels, Get Moderators, Add Channel Moderator,
// Remove Channel Moderator, Get VIPs, Add Channel VIP, Remove Channel VIP).
import { HttpError } from '../http';
import { asTokenUser, noContent, ok, page, raiseModerate, type HelixContext, type RouteRow } from '../helix';
import { LIST_PAGE, type ModerationState } from './moderation-state';

/** Moderator and VIP changes: this many calls per window, per channel and operation. */
const ROLE_CHANGES = 10;
const ROLE_WINDOW_MS = 10_000;

/** Takes one of the channel's role changes of this operation (429 past the limit). */
function roleChange(context: HelixContext, operation: string, broadcasterId: string): void {
  context.limits.endpoint(`moderation.${operation}:${broadcasterId}`, ROLE_CHANGES, ROLE_WINDOW_MS);
}

/** The moderator and VIP routes. */
export const moderationRoleRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'GET',
    path: '/moderation/channels',
    token: 'user',
    scopes: ['user:read:moderated_channels'],
    query: ['user_id'],
    handle: asTokenUser<ModerationState>('user_id', ({ request, userId, context }, moderation) => {
      const channels = [...context.state.channels.values()]
        .filter((channel) => channel.moderators.has(userId))
        .map((channel) => moderation.person(channel.broadcaster_id, 'broadcaster'))
        .sort((a, b) => (a.broadcaster_login ?? '').localeCompare(b.broadcaster_login ?? ''));
      const result = page(request, channels, LIST_PAGE);
      return ok(result.data, { pagination: result.pagination });
    }),
  },

  {
    method: 'GET',
    path: '/moderation/moderators',
    token: 'user',
    scopes: ['moderation:read', 'channel:manage:moderators'],
    query: ['broadcaster_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId, context }, moderation) => moderation.userPage(request, context.state.channel(broadcasterId).moderators)),
  },

  {
    method: 'POST',
    path: '/moderation/moderators',
    token: 'user',
    scopes: ['channel:manage:moderators'],
    query: ['broadcaster_id', 'user_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId, context }, moderation) => {
      const userId = request.query.get('user_id')!;
      roleChange(context, 'addModerator', broadcasterId);
      moderation.knownUser(userId);
      const channel = context.state.channel(broadcasterId);
      if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be added as a moderator of their own channel.');
      if (channel.moderators.has(userId)) throw new HttpError(400, 'The user specified in user_id is already a moderator.');
      if (context.state.activeBan(broadcasterId, userId)) throw new HttpError(400, 'The user specified in user_id is banned from the channel.');
      if (channel.vips.has(userId)) throw new HttpError(422, 'The user specified in user_id is a VIP. To make them a moderator, remove them as a VIP first.');
      channel.moderators.add(userId);
      moderation.raise('channel.moderator.add', '1', { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user') }, broadcasterId);
      raiseModerate(context, broadcasterId, broadcasterId, 'mod', { key: 'mod', value: moderation.person(userId, 'user') });
      return noContent();
    }),
  },

  {
    method: 'DELETE',
    path: '/moderation/moderators',
    token: 'user',
    scopes: ['channel:manage:moderators'],
    query: ['broadcaster_id', 'user_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId, context }, moderation) => {
      const userId = request.query.get('user_id')!;
      roleChange(context, 'removeModerator', broadcasterId);
      if (!context.state.channel(broadcasterId).moderators.delete(userId)) throw new HttpError(400, 'The user specified in user_id is not a moderator.');
      moderation.raise('channel.moderator.remove', '1', { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user') }, broadcasterId);
      raiseModerate(context, broadcasterId, broadcasterId, 'unmod', { key: 'unmod', value: moderation.person(userId, 'user') });
      return noContent();
    }),
  },

  {
    method: 'GET',
    path: '/channels/vips',
    token: 'user',
    scopes: ['channel:read:vips', 'channel:manage:vips'],
    query: ['broadcaster_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId, context }, moderation) => moderation.userPage(request, context.state.channel(broadcasterId).vips)),
  },

  {
    method: 'POST',
    path: '/channels/vips',
    token: 'user',
    scopes: ['channel:manage:vips'],
    query: ['broadcaster_id', 'user_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId, context }, moderation) => {
      const userId = request.query.get('user_id')!;
      roleChange(context, 'addVip', broadcasterId);
      moderation.knownUser(userId);
      const channel = context.state.channel(broadcasterId);
      if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be made a VIP of their own channel.');
      if (moderation.vipRequirementMissing.has(broadcasterId)) throw new HttpError(425, 'The broadcaster must complete the Build a Community requirement before assigning VIP status.');
      if (channel.moderators.has(userId)) throw new HttpError(422, 'The user specified in user_id is a moderator. To make them a VIP, remove them as a moderator first.');
      if (channel.vips.has(userId)) throw new HttpError(422, 'The user specified in user_id is already a VIP.');
      if (channel.vips.size >= channel.vipSlots) throw new HttpError(409, 'The broadcaster doesn\'t have available VIP slots.');
      channel.vips.add(userId);
      moderation.raise('channel.vip.add', '1', { ...moderation.person(userId, 'user'), ...moderation.person(broadcasterId, 'broadcaster_user') }, broadcasterId);
      raiseModerate(context, broadcasterId, broadcasterId, 'vip', { key: 'vip', value: moderation.person(userId, 'user') });
      return noContent();
    }),
  },

  {
    method: 'DELETE',
    path: '/channels/vips',
    token: 'user',
    scopes: ['channel:manage:vips'],
    query: ['broadcaster_id', 'user_id'],
    handle: ({ request, token, context }, moderation) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const userId = request.query.get('user_id')!;
      // The broadcaster removes a VIP, or a VIP steps down themself.
      if (token.userId !== broadcasterId && token.userId !== userId) {
        throw new HttpError(401, 'The ID in broadcaster_id or user_id must match the user ID found in the request\'s OAuth token.');
      }
      roleChange(context, 'removeVip', broadcasterId);
      if (!context.state.channel(broadcasterId).vips.delete(userId)) throw new HttpError(422, 'The user specified in user_id is not a VIP in the broadcaster\'s channel.');
      moderation.raise('channel.vip.remove', '1', { ...moderation.person(userId, 'user'), ...moderation.person(broadcasterId, 'broadcaster_user') }, broadcasterId);
      raiseModerate(context, broadcasterId, token.userId ?? userId, 'unvip', { key: 'unvip', value: moderation.person(userId, 'user') });
      return noContent();
    },
  },
];
