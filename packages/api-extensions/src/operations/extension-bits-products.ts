import { booleanParam, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ExtensionBitsProduct } from '../types';
import { callWithToken } from '../extension-jwt';

/** Parameters of `extensionBitsProducts`. */
export interface ExtensionBitsProductsParams {
  /** Includes disabled and expired products. Default false. */
  should_include_all?: boolean;
}

/** Declaration of `extensions.extensionBitsProducts`: GET /bits/extensions, app token, no scope. */
export const extensionBitsProductsOperation = /* @__PURE__ */ defineOperation<ExtensionBitsProductsParams, ExtensionBitsProduct[]>({
  name: 'extensions.extensionBitsProducts',
  method: 'GET',
  path: '/bits/extensions',
  token: 'app',
  scopes: [],
  params: {
    should_include_all: { type: booleanParam, in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the Bits products of the extension whose client ID the client uses, in ascending SKU
 * order; an empty list when it has none (or all are disabled or expired, unless `should_include_all`).
 *
 * Token: the app token, whose client ID must be the extension's client ID; no scope.
 *
 * @platformName Get Extension Bits Products
 * @throws PlatformAuthError when there is no app token (a clientSecret is needed).
 * @throws PlatformApiError when the platform refuses the call (400 when the client ID is not an extension's).
 * @example
 * const products = await extensionBitsProducts(client, { should_include_all: true });
 */
export function extensionBitsProducts(client: ClientHandle, params?: ExtensionBitsProductsParams, options?: RequestOptions): Promise<ExtensionBitsProduct[]> {
  return callWithToken(client, extensionBitsProductsOperation, params, options);
}
