import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ExtensionTransaction } from '../types';

/** Parameters of `extensionTransactions`. */
export interface ExtensionTransactionsParams {
  /** The extension whose transactions are listed; it must be the client ID of the app token. */
  extension_id: string;
  /** Only these transactions; a list longer than 100 is split into requests of 100, walked in order. */
  id?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `bits.extensionTransactions`: GET /extensions/transactions, app token, no scope. */
export const extensionTransactionsOperation = /* @__PURE__ */ defineOperation<ExtensionTransactionsParams, ExtensionTransaction>({
  name: 'bits.extensionTransactions',
  method: 'GET',
  path: '/extensions/transactions',
  token: 'app',
  scopes: [],
  params: {
    extension_id: { type: 'string', in: 'query', required: true },
    id: { type: idsParam, in: 'query', chunk: 100 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists an extension's transactions (Bits exchanged for its digital products), as a paginator:
 * await it for the first page, or iterate every transaction.
 *
 * Token: app only, of the extension's own client (`extension_id` is its client ID); no scope.
 * Limits: `first` 1 to 100; `id` any number (split into requests of 100 and joined in order).
 *
 * @platformName Get Extension Transactions
 * @throws PlatformError when a limit is broken or `extension_id` is missing (nothing is sent).
 * @throws PlatformAuthError when there is no app token (no clientSecret).
 * @throws PlatformApiError when the platform refuses a page (401 when `extension_id` is not the
 * token's client; 404 when an ID in `id` is unknown).
 * @example
 * for await (const sale of extensionTransactions(client, { extension_id: clientId })) console.log(sale.product_data.sku);
 */
export function extensionTransactions(
  client: ClientHandle,
  params: ExtensionTransactionsParams,
  options?: RequestOptions,
): Paginator<ExtensionTransaction, OperationPage<ExtensionTransaction>> {
  return paginateOperation(client, extensionTransactionsOperation, params, options);
}
