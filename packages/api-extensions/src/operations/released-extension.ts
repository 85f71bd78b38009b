import { defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Extension } from '../types';
import { callWithToken } from '../extension-jwt';

/** Parameters of `releasedExtension`. */
export interface ReleasedExtensionParams {
  /** The extension to get. */
  extension_id: string;
  /** The version to get; without it, the latest. */
  extension_version?: string;
}

/** Declaration of `extensions.releasedExtension`: GET /extensions/released, either token, no scope. */
export const releasedExtensionOperation = /* @__PURE__ */ defineOperation<ReleasedExtensionParams, Extension>({
  name: 'extensions.releasedExtension',
  method: 'GET',
  path: '/extensions/released',
  token: 'either',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    extension_version: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets a released extension (state `Released`).
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Released Extensions
 * @throws PlatformError when `extension_id` is missing (nothing is sent), or when the platform answers with no extension.
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (404 when the extension is unknown or not released).
 * @example
 * const released = await releasedExtension(client, { extension_id: 'abc' });
 * console.log(released.name, released.version);
 */
export function releasedExtension(client: ClientHandle, params: ReleasedExtensionParams, options?: RequestOptions): Promise<Extension> {
  return callWithToken(client, releasedExtensionOperation, params, options);
}
