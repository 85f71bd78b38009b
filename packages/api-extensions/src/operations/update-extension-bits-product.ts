import { booleanParam, defineOperation, firstResult, objectParam, stringParam, type ClientHandle, type ParamKind, type RequestOptions } from '@platform/core';
import type { ExtensionBitsProduct, ExtensionBitsProductCost } from '../types';
import { callWithToken } from '../extension-jwt';

/** Parameters of `updateExtensionBitsProduct`. */
export interface UpdateExtensionBitsProductParams {
  /**
   * The product's SKU, unique within the extension and never changed: 1 to 255 letters, digits,
   * dashes, underscores and periods. A SKU the extension does not have yet adds the product.
   */
  sku: string;
  /** The price: `{ amount, type: 'bits' }`, `amount` a whole number from 1 to 10,000. */
  cost: ExtensionBitsProductCost;
  /** The product's name as the extension shows it, 1 to 255 characters. */
  display_name: string;
  /** Keeps the product out of public use while in development. Default false. */
  in_development?: boolean;
  /** When the product expires (RFC 3339); without it, never. A past date disables the product. */
  expiration?: string;
  /** Sends purchase events to every instance of the extension on the channel (`onTransactionComplete`). Default false. */
  is_broadcast?: boolean;
}

/** The most characters a SKU may hold. */
const skuLength = 255;

/** A SKU: 1 to 255 letters, digits, dashes, underscores and periods, without spaces. */
const skuParam: ParamKind = {
  name: 'string',
  check(_spec, value) {
    if (typeof value !== 'string') return 'must be a string';
    if (!/^[A-Za-z0-9._-]+$/.test(value)) return 'must hold only letters, digits, dashes (-), underscores (_) and periods (.), at least one';
    return value.length > skuLength ? `must hold at most ${skuLength} characters` : undefined;
  },
};

/** The highest price in Bits. */
const maxBits = 10_000;

/** A cost: `{ amount, type: 'bits' }`, `amount` a whole number from 1 to 10,000. */
const costParam: ParamKind = {
  name: 'object',
  check(spec, value) {
    const problem = objectParam.check(spec, value);
    if (problem) return problem;
    const { amount, type } = value as Record<string, unknown>;
    if (type !== 'bits') return `must have type "bits" (got type ${JSON.stringify(type) ?? 'undefined'})`;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > maxBits) {
      return `must have an amount that is a whole number from 1 to ${maxBits} (got amount ${JSON.stringify(amount) ?? 'undefined'})`;
    }
    return undefined;
  },
};

/** Declaration of `extensions.updateExtensionBitsProduct`: PUT /bits/extensions, app token, no scope; everything in the body. */
export const updateExtensionBitsProductOperation = /* @__PURE__ */ defineOperation<UpdateExtensionBitsProductParams, ExtensionBitsProduct>({
  name: 'extensions.updateExtensionBitsProduct',
  method: 'PUT',
  path: '/bits/extensions',
  token: 'app',
  scopes: [],
  params: {
    sku: { type: skuParam, in: 'body', required: true, maxLength: skuLength },
    cost: { type: costParam, in: 'body', required: true },
    display_name: { type: stringParam, in: 'body', required: true, maxLength: 255 },
    in_development: { type: booleanParam, in: 'body' },
    expiration: { type: 'string', in: 'body' },
    is_broadcast: { type: booleanParam, in: 'body' },
  },
  result: firstResult,
});

/**
 * Adds a Bits product to the extension, or updates the one with that SKU (every field but the
 * SKU can change). Resolves with the product as stored.
 *
 * Token: the app token, whose client ID must be the extension's client ID; no scope.
 * Limits: `sku` 1 to 255 letters, digits, `-`, `_` and `.`; `cost.amount` 1 to 10,000 (whole) and
 * `cost.type` `bits`; `display_name` 1 to 255 characters.
 *
 * @platformName Update Extension Bits Product
 * @throws PlatformError when a limit is broken or a required parameter is missing (nothing is sent).
 * @throws PlatformAuthError when there is no app token (a clientSecret is needed).
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const product = await updateExtensionBitsProduct(client, { sku: 'crate-2', cost: { amount: 990, type: 'bits' }, display_name: 'Rusty Crate 2' });
 */
export function updateExtensionBitsProduct(client: ClientHandle, params: UpdateExtensionBitsProductParams, options?: RequestOptions): Promise<ExtensionBitsProduct> {
  return callWithToken(client, updateExtensionBitsProductOperation, params, options);
}
