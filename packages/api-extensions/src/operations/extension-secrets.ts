import { defineOperation, firstResult, type ClientHandle } from '@platform/core';
import type { ExtensionSecrets } from '../types';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `extensionSecrets`. */
export interface ExtensionSecretsParams {
  /** The extension whose shared secrets are read. */
  extension_id: string;
}

/** Declaration of `extensions.extensionSecrets`: GET /extensions/jwt/secrets, extension JWT. */
export const extensionSecretsOperation = /* @__PURE__ */ defineOperation<ExtensionSecretsParams, ExtensionSecrets>({
  name: 'extensions.extensionSecrets',
  method: 'GET',
  path: '/extensions/jwt/secrets',
  token: 'extension',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
  },
  result: firstResult,
});

/**
 * Gets the shared secrets of an extension, each with the time from which it may sign and the time
 * it stops being accepted.
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`, `user_id`:
 * the owner); no OAuth token.
 *
 * @platformName Get Extension Secrets
 * @throws PlatformError when `extension_id` or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (401 for a JWT it does not accept).
 * @example
 * const { secrets } = await extensionSecrets(client, { extension_id: 'abc' }, { extension: { clientId: 'abc', secret, ownerId } });
 */
export function extensionSecrets(client: ClientHandle, params: ExtensionSecretsParams, options: ExtensionRequestOptions): Promise<ExtensionSecrets> {
  return callSigned(client, extensionSecretsOperation, params, options);
}
