import { defineOperation, voidResult, type ClientHandle } from '@platform/core';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `setExtensionRequiredConfiguration`. */
export interface SetExtensionRequiredConfigurationParams {
  /** The broadcaster who installed the extension on their channel. */
  broadcaster_id: string;
  /** The extension to update. */
  extension_id: string;
  /** The version of the extension to update. */
  extension_version: string;
  /** The required_configuration string the extension expects (set under its capabilities). */
  required_configuration: string;
}

/** Declaration of `extensions.setExtensionRequiredConfiguration`: PUT /extensions/required_configuration, extension JWT; `broadcaster_id` in the query, the rest in the body. */
export const setExtensionRequiredConfigurationOperation = /* @__PURE__ */ defineOperation<SetExtensionRequiredConfigurationParams, void>({
  name: 'extensions.setExtensionRequiredConfiguration',
  method: 'PUT',
  path: '/extensions/required_configuration',
  token: 'extension',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    extension_id: { type: 'string', in: 'body', required: true },
    extension_version: { type: 'string', in: 'body', required: true },
    required_configuration: { type: 'string', in: 'body', required: true },
  },
  result: voidResult,
});

/**
 * Sets the required_configuration string of an extension on a channel, for an extension that
 * needs the broadcaster to configure it before it can be activated.
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`, `user_id`:
 * the extension's owner, `ownerId`); no OAuth token.
 *
 * @platformName Set Extension Required Configuration
 * @throws PlatformError when a required parameter or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (401 for a JWT it does not accept).
 * @example
 * await setExtensionRequiredConfiguration(client, { broadcaster_id: '1234', extension_id: 'abc', extension_version: '0.0.1', required_configuration: 'RCS' }, { extension });
 */
export function setExtensionRequiredConfiguration(client: ClientHandle, params: SetExtensionRequiredConfigurationParams, options: ExtensionRequestOptions): Promise<void> {
  return callSigned(client, setExtensionRequiredConfigurationOperation, params, options);
}
