import { defineOperation, firstOrNullResult, type ClientHandle } from '@platform/core';
import type { Extension } from '../types';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `extension`. */
export interface ExtensionParams {
  /** The extension to get. */
  extension_id: string;
  /** The version to get; without it, the latest released version. */
  extension_version?: string;
}

/** Declaration of `extensions.extension`: GET /extensions, extension JWT. */
export const extensionOperation = /* @__PURE__ */ defineOperation<ExtensionParams, Extension | null>({
  name: 'extensions.extension',
  method: 'GET',
  path: '/extensions',
  token: 'extension',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    extension_version: { type: 'string', in: 'query' },
  },
  result: firstOrNullResult,
});

/**
 * Gets an extension in any state (in test, in review, released...), the latest released version
 * or the version named. Resolves with null when no version is given and none is released.
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`); no OAuth token.
 * `releasedExtension` gets a released extension with an app or user token.
 *
 * @platformName Get Extensions
 * @throws PlatformError when `extension_id` or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (404 for an unknown extension).
 * @example
 * const draft = await extension(client, { extension_id: 'abc', extension_version: '0.0.9' }, { extension: { clientId: 'abc', secret, ownerId } });
 */
export function extension(client: ClientHandle, params: ExtensionParams, options: ExtensionRequestOptions): Promise<Extension | null> {
  return callSigned(client, extensionOperation, params, options);
}
