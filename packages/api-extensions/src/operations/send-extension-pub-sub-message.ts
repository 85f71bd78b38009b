import { arrayParam, booleanParam, defineOperation, PlatformError, voidResult, type ClientHandle, type ParamKind } from '@platform/core';
import { bytesParam, fiveKilobytes, record } from '../checks';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';
import { describeValue, ownParams } from '@platform/core/internal';

/** A target list as a message shows it: its JSON, cut after 40 characters like any value. */
function shown(targets: unknown[]): string {
  const text = JSON.stringify(targets);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/** A PubSub target: the channel's viewers, every channel the extension is active on, or one user. */
export type ExtensionPubSubTarget = 'broadcast' | 'global' | `whisper-${string}`;

/** Parameters of `sendExtensionPubSubMessage`. */
export interface SendExtensionPubSubMessageParams {
  /**
   * Who receives the message: `['broadcast']` (the channel), `['global']` (every channel, with
   * `is_global_broadcast`), or `whisper-<user ID>` targets; `broadcast` and `global` exclude each other.
   */
  target: ExtensionPubSubTarget[];
  /** The channel the message goes to; leave it out with `is_global_broadcast`. */
  broadcaster_id?: string;
  /** Sends the message to every channel the extension is active on (target `['global']`). Default false. */
  is_global_broadcast?: boolean;
  /** The message, plain text or a string-encoded JSON object; at most 5 KB (5,120 bytes of UTF-8). */
  message: string;
}

/** A list of targets: `broadcast`, `global` or `whisper-<user ID>`, at least one. */
const targetsParam: ParamKind = {
  name: 'array',
  check(spec, value) {
    const problem = arrayParam.check(spec, value);
    if (problem) return problem;
    const index = (value as unknown[]).findIndex((item) => item !== 'broadcast' && item !== 'global' && !(typeof item === 'string' && /^whisper-.+/.test(item)));
    return index < 0 ? undefined : `must hold "broadcast", "global" or "whisper-<user ID>" targets (target ${index + 1} is ${JSON.stringify((value as unknown[])[index])})`;
  },
};

/** Declaration of `extensions.sendExtensionPubSubMessage`: POST /extensions/pubsub, extension JWT with `channel_id` and `pubsub_perms`; everything in the body. */
export const sendExtensionPubSubMessageOperation = /* @__PURE__ */ defineOperation<SendExtensionPubSubMessageParams, void>({
  name: 'extensions.sendExtensionPubSubMessage',
  method: 'POST',
  path: '/extensions/pubsub',
  token: 'extension',
  scopes: [],
  params: {
    target: { type: targetsParam, in: 'body', required: true, minLength: 1 },
    broadcaster_id: { type: 'string', in: 'body' },
    is_global_broadcast: { type: booleanParam, in: 'body' },
    message: { type: bytesParam, in: 'body', required: true, maxLength: fiveKilobytes },
  },
  result: voidResult,
});

/**
 * A global broadcast goes to the target `global` alone and names no channel; any other message
 * names its channel and does not target `global` (the platform's JWT rule: channel `all` and
 * permission `global` together, or a channel and its own targets).
 */
function checkAudience(params: unknown): void {
  const given = record(params);
  if (!given || !Array.isArray(given.target)) return;
  const name = sendExtensionPubSubMessageOperation.name;
  const targets = given.target as unknown[];
  if (given.is_global_broadcast === true) {
    if (given.broadcaster_id !== undefined) {
      throw new PlatformError(`The parameter broadcaster_id of ${name} cannot be combined with is_global_broadcast true; got broadcaster_id ${describeValue(given.broadcaster_id)}.`);
    }
    if (targets.length !== 1 || targets[0] !== 'global') throw new PlatformError(`The parameter target of ${name} must be ["global"] with is_global_broadcast true; got ${shown(targets)}.`);
    return;
  }
  if (targets.includes('global')) throw new PlatformError(`The parameter target of ${name} holds "global", which needs is_global_broadcast true; got ${shown(targets)}.`);
  if (given.broadcaster_id === undefined) throw new PlatformError(`${name} needs the parameter broadcaster_id, unless is_global_broadcast is true.`);
}

/**
 * Sends a PubSub message to the viewers of one channel, of every channel the extension is active
 * on, or to single users, as the extension helper's `send` does.
 *
 * Token: an extension JWT, from the `extension` request option; it says `role: external`,
 * `user_id` (the owner), `channel_id` (`broadcaster_id`, or `all` for a global broadcast) and
 * `pubsub_perms.send` (the targets). No OAuth token. The platform allows 100 messages a minute per
 * extension and channel (429).
 * Limits: `target` at least one of `broadcast`, `global`, `whisper-<user ID>`; `global` only (and
 * no `broadcaster_id`) with `is_global_broadcast`, else `broadcaster_id` needed; `message` at most
 * 5 KB (5,120 bytes of UTF-8; the platform answers 422 to a longer one).
 *
 * @platformName Send Extension PubSub Message
 * @throws PlatformError when a limit is broken, a required parameter or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (403 when the channel of the
 * signed JWT is not `broadcaster_id`, or the JWT cannot be verified).
 * @example
 * await sendExtensionPubSubMessage(client, { broadcaster_id: '1234', target: ['broadcast'], message: JSON.stringify({ round: 2 }) }, { extension });
 */
export async function sendExtensionPubSubMessage(client: ClientHandle, params: SendExtensionPubSubMessageParams, options: ExtensionRequestOptions): Promise<void> {
  params = ownParams(params); // its rules read what is sent
  // In an async function: a broken rule rejects the promise, as every operation does.
  checkAudience(params);
  // Read defensively: parameters of the wrong shape are refused by the declaration before any signing.
  const given = record(params);
  const claims = { channel_id: (given?.is_global_broadcast === true ? 'all' : given?.broadcaster_id) as string | undefined, pubsub_perms: { send: given?.target as string[] | undefined } };
  return callSigned(client, sendExtensionPubSubMessageOperation, params, options, claims);
}
