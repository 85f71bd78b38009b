// What an extension sends (reference: Send Extension PubSub Message, Send Extension Chat Message):
// JWT routes, split from routes/extensions.ts by resource. The mock records each message for
// tests to read (`mock.extensions.pubsubMessages()`, `mock.extensions.chatMessages()`).
import { HttpError } from '../http';
import { field, noContent, required, requireLength } from '../helix';
import { requireBytes, requireOwnExtension, stringField, type JwtRouteRow } from './extensions-state';

/** A PubSub message holds at most 5 KB. */
const PUBSUB_MAX_BYTES = 5 * 1024;
/** 100 PubSub messages a minute per extension and broadcaster. */
const PUBSUB_PER_MINUTE = 100;
/** An extension's chat message holds at most 280 characters. */
const CHAT_MAX = 280;
/** 12 extension chat messages a minute per channel. */
const CHAT_PER_MINUTE = 12;
const MINUTE_MS = 60_000;

/** The body's `target`: a non-empty list of `broadcast`, `global` or `whisper-<user-id>`, not both of the first two. */
function targetsOf(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((each) => typeof each !== 'string')) {
    throw new HttpError(400, 'The field "target" must be a non-empty list of broadcast, global or whisper-<user-id>');
  }
  const targets = [...new Set(value as string[])];
  const unknown = targets.find((target) => target !== 'broadcast' && target !== 'global' && !/^whisper-.+$/.test(target));
  if (unknown !== undefined) throw new HttpError(400, `The value "${unknown}" in the "target" field is not valid: use broadcast, global or whisper-<user-id>`);
  if (targets.includes('broadcast') && targets.includes('global')) throw new HttpError(400, 'The targets broadcast and global are mutually exclusive: give only one of them');
  return targets;
}

/** The message routes. */
export const extensionMessageRoutes: readonly JwtRouteRow[] = [
  {
    method: 'POST',
    path: '/extensions/pubsub',
    claims: ['role', 'user_id', 'exp', 'channel_id', 'pubsub_perms'],
    body: ['target', 'message'],
    handle: ({ request, context, extension, claims }) => {
      const targets = targetsOf(field(request, 'target'));
      const globalValue = field(request, 'is_global_broadcast');
      if (globalValue !== undefined && typeof globalValue !== 'boolean') throw new HttpError(400, 'The field "is_global_broadcast" must be true or false');
      const global = globalValue === true;
      const broadcasterValue = field(request, 'broadcaster_id');
      const hasBroadcaster = broadcasterValue !== undefined && broadcasterValue !== null && broadcasterValue !== '';
      let broadcasterId: string | undefined;
      if (global) {
        if (hasBroadcaster) throw new HttpError(400, 'The "broadcaster_id" field in the request\'s body may only be set if the "is_global_broadcast" field is set to false');
        if (targets.length !== 1 || targets[0] !== 'global') throw new HttpError(400, 'The field "target" must be ["global"] when "is_global_broadcast" is true');
      } else {
        if (targets.includes('global')) throw new HttpError(400, 'The target global is for a global broadcast: set "is_global_broadcast" to true and leave out "broadcaster_id"');
        if (!hasBroadcaster) throw new HttpError(400, 'Missing required parameter "broadcaster_id": it is required unless "is_global_broadcast" is true');
        broadcasterId = stringField(broadcasterValue, 'broadcaster_id');
      }
      // The JWT says where it may send: its channel (or `all`) and each target in pubsub_perms.send.
      const channel = broadcasterId ?? 'all';
      if (claims.channel_id !== channel) {
        throw new HttpError(401, `The JWT token is not valid: the claim "channel_id" must be ${global ? '"all" for a global broadcast' : 'the ID in "broadcaster_id"'}`);
      }
      const allowed = Array.isArray(claims.pubsub_perms?.send) ? claims.pubsub_perms.send : [];
      const refused = targets.find((target) => !allowed.includes(target));
      if (refused !== undefined) throw new HttpError(401, `The JWT token is not valid: the claim "pubsub_perms.send" does not allow the target "${refused}"`);
      const message = requireBytes(stringField(field(request, 'message'), 'message'), 'message', PUBSUB_MAX_BYTES, 422);
      context.limits.endpoint(
        `extension-pubsub:${extension.clientId}:${channel}`,
        PUBSUB_PER_MINUTE,
        MINUTE_MS,
        `The extension may send at most ${PUBSUB_PER_MINUTE} PubSub messages a minute to a broadcaster`,
      );
      extension.pubsub.push({ extension_id: extension.clientId, target: targets, broadcaster_id: broadcasterId, is_global_broadcast: global, message, sent_at: context.now() });
      return noContent();
    },
  },
  {
    method: 'POST',
    path: '/extensions/chat',
    claims: ['role', 'user_id'],
    query: ['broadcaster_id'],
    body: ['text', 'extension_id', 'extension_version'],
    handle: (call) => {
      const { request, context, extension, claims } = call;
      const broadcasterId = required(request, 'broadcaster_id');
      // The reference's Authorization section asks for role and user_id only; a channel_id the
      // JWT does carry must be this channel.
      if (claims.channel_id !== undefined && claims.channel_id !== broadcasterId) {
        throw new HttpError(401, 'The ID in the broadcaster_id query parameter must match the channel_id claim in the JWT.');
      }
      requireOwnExtension(call, field(request, 'extension_id'));
      const version = stringField(field(request, 'extension_version'), 'extension_version');
      const text = requireLength(stringField(field(request, 'text'), 'text'), 'text', { max: CHAT_MAX });
      context.limits.endpoint(`extension-chat:${broadcasterId}`, CHAT_PER_MINUTE, MINUTE_MS, `At most ${CHAT_PER_MINUTE} extension chat messages a minute may be sent to a channel`);
      extension.chat.push({ extension_id: extension.clientId, extension_version: version, broadcaster_id: broadcasterId, text, sent_at: context.now() });
      return noContent();
    },
  },
];
