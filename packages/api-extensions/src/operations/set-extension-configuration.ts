import { defineOperation, stringParam, voidResult, type ClientHandle } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { bytesParam, checkSegmentChannel, fiveKilobytes } from '../checks';
import type { ExtensionConfigurationSegmentType } from '../types';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `setExtensionConfiguration`. */
export interface SetExtensionConfigurationParams {
  /** The extension whose configuration changes. */
  extension_id: string;
  /** The segment to set: `broadcaster`, `developer` or `global` (case-sensitive). */
  segment: ExtensionConfigurationSegmentType;
  /** The broadcaster who installed the extension: needed with `broadcaster` and `developer`, refused with `global`. */
  broadcaster_id?: string;
  /** The contents, plain text or a string-encoded JSON object; at most 5 KB (5,120 bytes of UTF-8). */
  content?: string;
  /** The version of the segment's data definition; without it the latest is updated. */
  version?: string;
}

/** Declaration of `extensions.setExtensionConfiguration`: PUT /extensions/configurations, extension JWT; everything in the body. */
export const setExtensionConfigurationOperation = /* @__PURE__ */ defineOperation<SetExtensionConfigurationParams, void>({
  name: 'extensions.setExtensionConfiguration',
  method: 'PUT',
  path: '/extensions/configurations',
  token: 'extension',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'body', required: true },
    segment: { type: stringParam, in: 'body', required: true, oneOf: ['broadcaster', 'developer', 'global'] },
    broadcaster_id: { type: 'string', in: 'body' },
    content: { type: bytesParam, in: 'body', maxLength: fiveKilobytes },
    version: { type: 'string', in: 'body' },
  },
  result: voidResult,
});

/**
 * Sets a configuration segment of an extension. Extensions already active on a channel do not
 * receive the new configuration.
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`, `user_id`:
 * the owner); no OAuth token. The platform allows 20 updates a minute (429).
 * Limits: `segment` one of `broadcaster`, `developer`, `global`; `broadcaster_id` needed with
 * `broadcaster` and `developer`, refused with `global`; `content` at most 5 KB (5,120 bytes of UTF-8).
 *
 * @platformName Set Extension Configuration Segment
 * @throws PlatformError when a limit is broken, a required parameter or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (401 for a JWT it does not accept).
 * @example
 * await setExtensionConfiguration(client, { extension_id: 'abc', segment: 'global', version: '0.0.1', content: '{"theme":"dark"}' }, { extension });
 */
export async function setExtensionConfiguration(client: ClientHandle, params: SetExtensionConfigurationParams, options: ExtensionRequestOptions): Promise<void> {
  params = ownParams(params); // its rules read what is sent
  // In an async function: a broken rule rejects the promise, as every operation does.
  checkSegmentChannel(setExtensionConfigurationOperation.name, params);
  return callSigned(client, setExtensionConfigurationOperation, params, options);
}
