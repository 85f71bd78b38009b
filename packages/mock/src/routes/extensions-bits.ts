// An extension's Bits products (reference: Get Extension Bits Products, Update Extension Bits
// Product), split from routes/extensions.ts by resource. App tokens of the extension's own client.
import { HttpError } from '../http';
import { booleanQuery, ok, type RouteRow } from '../helix';
import type { MockToken } from '../state';
import { productOf, type BitsProductRecord, type ExtensionEntry, type ExtensionsState } from './extensions-state';

/** Whether a product is on sale now: it has no expiration, or one still ahead. */
export function productActive(product: BitsProductRecord, now: number): boolean {
  return product.expiration === '' || Date.parse(product.expiration) > now;
}

/** The extension whose client made the app token, or 400 as the reference says. */
function extensionOf(extensions: ExtensionsState, token: MockToken): ExtensionEntry {
  const extension = extensions.get(token.clientId);
  if (!extension) throw new HttpError(400, 'The ID in the Client-Id header must belong to an extension.');
  return extension;
}

/** The Bits product routes. */
export const extensionBitsRoutes: readonly RouteRow<ExtensionsState>[] = [
  {
    method: 'GET',
    path: '/bits/extensions',
    token: 'app',
    handle: ({ request, token, context }, extensions) => {
      const extension = extensionOf(extensions, token);
      const all = booleanQuery(request, 'should_include_all') ?? false;
      const now = context.now();
      const products = [...extension.bitsProducts.values()]
        .filter((product) => all || productActive(product, now))
        .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
      return ok(products.map((product) => ({ ...product, cost: { ...product.cost } })));
    },
  },
  {
    method: 'PUT',
    path: '/bits/extensions',
    token: 'app',
    body: ['sku', 'cost', 'display_name'],
    handle: ({ request, token }, extensions) => {
      const extension = extensionOf(extensions, token);
      const product = productOf(request.body as Record<string, unknown>);
      extension.bitsProducts.set(product.sku, product);
      return ok([{ ...product, cost: { ...product.cost } }]);
    },
  },
];
