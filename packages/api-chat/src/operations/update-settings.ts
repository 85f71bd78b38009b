import { booleanParam, callOperation, defineOperation, firstResult, numberParam, PlatformError, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import type { ChatSettings } from '../types';

/** Parameters of `updateSettings`; only the fields given change. */
export interface UpdateSettingsParams {
  /** The channel whose chat settings change. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** Messages may only contain emotes. */
  emote_mode?: boolean;
  /** Only followers may chat. */
  follower_mode?: boolean;
  /** Minutes of following required, 0 to 129600; sent with `follower_mode` true. */
  follower_mode_duration?: number;
  /** Hold messages back so moderators can remove them. */
  non_moderator_chat_delay?: boolean;
  /** The delay in seconds: 2, 4 or 6; sent with `non_moderator_chat_delay` true. */
  non_moderator_chat_delay_duration?: number;
  /** Make users wait between messages. */
  slow_mode?: boolean;
  /** Seconds between messages, 3 to 120; sent with `slow_mode` true. */
  slow_mode_wait_time?: number;
  /** Only subscribers may chat. */
  subscriber_mode?: boolean;
  /** The same message may not be posted twice. */
  unique_chat_mode?: boolean;
}

/** Declaration of `chat.updateSettings`: PATCH /chat/settings, either token, moderator:manage:chat_settings. */
export const updateSettingsOperation = /* @__PURE__ */ defineOperation<UpdateSettingsParams, ChatSettings>({
  name: 'chat.updateSettings',
  method: 'PATCH',
  path: '/chat/settings',
  token: 'either',
  scopes: ['moderator:manage:chat_settings'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    emote_mode: { type: booleanParam, in: 'body' },
    follower_mode: { type: booleanParam, in: 'body' },
    follower_mode_duration: { type: numberParam, in: 'body', min: 0, max: 129_600, integer: true },
    non_moderator_chat_delay: { type: booleanParam, in: 'body' },
    non_moderator_chat_delay_duration: { type: numberParam, in: 'body', oneOf: [2, 4, 6] },
    slow_mode: { type: booleanParam, in: 'body' },
    slow_mode_wait_time: { type: numberParam, in: 'body', min: 3, max: 120, integer: true },
    subscriber_mode: { type: booleanParam, in: 'body' },
    unique_chat_mode: { type: booleanParam, in: 'body' },
  },
  result: firstResult,
});

/** Each duration and the mode it belongs to. */
const timedModes = [
  ['follower_mode_duration', 'follower_mode'],
  ['non_moderator_chat_delay_duration', 'non_moderator_chat_delay'],
  ['slow_mode_wait_time', 'slow_mode'],
] as const;

/**
 * The platform takes a duration only together with its mode set true (even when the mode is
 * already on), so a duration given alone carries its mode along; a duration with its mode set
 * false can only be refused, and is, before anything is sent.
 */
function withModes(params: UpdateSettingsParams): UpdateSettingsParams {
  if (typeof params !== 'object' || params === null) return params;
  let result = params;
  for (const [duration, mode] of timedModes) {
    if (params[duration] === undefined) continue;
    if (params[mode] === false) {
      throw new PlatformError(`The parameter ${duration} of chat.updateSettings is sent with ${mode} true; got ${mode} false.`);
    }
    if (params[mode] === undefined) result = { ...result, [mode]: true };
  }
  return result;
}

/**
 * Changes a channel's chat settings and resolves with all of them, as they are now. Only the
 * fields given are sent. A duration is sent with its mode set true, even if the mode is already
 * on: `{ slow_mode_wait_time: 10 }` sends `slow_mode: true` too. To turn a mode off, send the mode
 * false without its duration.
 *
 * Token: app or user; moderator:manage:chat_settings. With a user token, `moderator_id` is that
 * user. The app token works too, with `moderator_id` set to the broadcaster or a moderator who
 * granted the app moderator:manage:chat_settings.
 * Limits: `follower_mode_duration` 0 to 129600 minutes; `slow_mode_wait_time` 3 to 120 seconds;
 * `non_moderator_chat_delay_duration` 2, 4 or 6 seconds.
 *
 * @platformName Update Chat Settings
 * @throws PlatformError when a duration is outside its range, or is given with its mode false (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the caller is not a moderator).
 * @example
 * const now = await updateSettings(client, { broadcaster_id: '1234', slow_mode_wait_time: 10, emote_mode: false });
 */
export async function updateSettings(client: ClientHandle, params: UpdateSettingsParams, options?: RequestOptions): Promise<ChatSettings> {
  params = ownParams(params); // its rules read what is sent
  return await callOperation(client, updateSettingsOperation, withModes(params), options);
}
