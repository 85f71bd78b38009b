import { defineOperation, firstResult, numberParam, type ClientHandle } from '@platform/core';
import type { ExtensionSecrets } from '../types';
import { callSigned, type ExtensionRequestOptions } from '../extension-jwt';

/** Parameters of `createExtensionSecret`. */
export interface CreateExtensionSecretParams {
  /** The extension the new secret is for. */
  extension_id: string;
  /** Seconds before the new secret becomes active, a whole number of at least 300; the platform's default is 300. */
  delay?: number;
}

/** Declaration of `extensions.createExtensionSecret`: POST /extensions/jwt/secrets, extension JWT; everything in the query. */
export const createExtensionSecretOperation = /* @__PURE__ */ defineOperation<CreateExtensionSecretParams, ExtensionSecrets>({
  name: 'extensions.createExtensionSecret',
  method: 'POST',
  path: '/extensions/jwt/secrets',
  token: 'extension',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    delay: { type: numberParam, in: 'query', min: 300, integer: true },
  },
  result: firstResult,
});

/**
 * Creates a new shared secret for an extension; the current secrets expire once it is active.
 * Call it only when the extension is ready to switch to the new secret (the delay gives its
 * instances time to do so).
 *
 * Token: an extension JWT, from the `extension` request option (`role: external`, `user_id`:
 * the owner); no OAuth token.
 * Limits: `delay` a whole number of seconds, at least 300.
 *
 * @platformName Create Extension Secret
 * @throws PlatformError when `delay` is below 300 or not whole, or `extension_id` or the `extension` option is missing (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { secrets } = await createExtensionSecret(client, { extension_id: 'abc', delay: 600 }, { extension });
 * const newest = secrets[secrets.length - 1];
 */
export function createExtensionSecret(client: ClientHandle, params: CreateExtensionSecretParams, options: ExtensionRequestOptions): Promise<ExtensionSecrets> {
  return callSigned(client, createExtensionSecretOperation, params, options);
}
