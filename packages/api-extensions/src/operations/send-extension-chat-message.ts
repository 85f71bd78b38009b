import { defineOperation, stringParam, voidResult, type ClientHandle } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { record } from '../checks';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `sendExtensionChatMessage`. */
export interface SendExtensionChatMessageParams {
  /** The channel whose chat the message goes to; the broadcaster has activated the extension. */
  broadcaster_id: string;
  /** The message, 1 to 280 characters. */
  text: string;
  /** The extension sending the message; its name is the message's sender. */
  extension_id: string;
  /** The extension's version. */
  extension_version: string;
}

/** Declaration of `extensions.sendExtensionChatMessage`: POST /extensions/chat, extension JWT with `channel_id`; `broadcaster_id` in the query, the rest in the body. */
export const sendExtensionChatMessageOperation = /* @__PURE__ */ defineOperation<SendExtensionChatMessageParams, void>({
  name: 'extensions.sendExtensionChatMessage',
  method: 'POST',
  path: '/extensions/chat',
  token: 'extension',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    text: { type: stringParam, in: 'body', required: true, maxLength: 280 },
    extension_id: { type: 'string', in: 'body', required: true },
    extension_version: { type: 'string', in: 'body', required: true },
  },
  result: voidResult,
});

/**
 * Sends a message to a channel's chat in the name of the extension. The extension needs its chat
 * capability turned on.
 *
 * Token: an extension JWT, from the `extension` request option; it says `role: external`,
 * `user_id` (the owner) and `channel_id` (`broadcaster_id`, which the platform requires to match).
 * No OAuth token. The platform allows 12 messages a minute per channel (429).
 * Limits: `text` 1 to 280 characters.
 *
 * @platformName Send Extension Chat Message
 * @throws PlatformError when `text` is empty or longer than 280 characters, or a required parameter or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * await sendExtensionChatMessage(client, { broadcaster_id: '1234', text: 'Round 2 starts now!', extension_id: 'abc', extension_version: '0.0.9' }, { extension });
 */
export function sendExtensionChatMessage(client: ClientHandle, params: SendExtensionChatMessageParams, options: ExtensionRequestOptions): Promise<void> {
  params = ownParams(params); // its rules read what is sent
  return callSigned(client, sendExtensionChatMessageOperation, params, options, { channel_id: record(params)?.broadcaster_id as string | undefined });
}
