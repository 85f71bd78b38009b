// An extension's Bits products (reference: Get Extension Bits Products, Update Extension Bits
// Product), split from routes/extensions.ts by resource. App tokens of the extension's own client.
import { HttpError } from '../http';
import { booleanQuery, iso, ok, rfc3339, route, type RouteRow } from '../helix';
import type { MockToken } from '../state';
import { stringField, type BitsProductRecord, type ExtensionEntry, type ExtensionStore } from './extensions-state';

const SKU = /^[A-Za-z0-9._-]+$/;
const SKU_MAX = 255;
const DISPLAY_NAME_MAX = 255;
/** A product's price in Bits. */
const BITS_MIN = 1;
const BITS_MAX = 10_000;

/** Whether a product is on sale now: it has no expiration, or one still ahead. */
export function productActive(product: BitsProductRecord, now: number): boolean {
  return product.expiration === '' || Date.parse(product.expiration) > now;
}

/** The extension whose client made the app token, or 400 as the reference says. */
function extensionOf(store: ExtensionStore, token: MockToken): ExtensionEntry {
  const extension = store.get(token.clientId);
  if (!extension) throw new HttpError(400, 'The ID in the Client-Id header must belong to an extension.');
  return extension;
}

/** An optional boolean body field, false when left out. */
function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new HttpError(400, `The field "${name}" must be true or false`);
  return value;
}

/** The body of Update Extension Bits Product as a product, or 400 naming the field at fault. */
export function productOf(body: Record<string, unknown>): BitsProductRecord {
  const sku = body.sku;
  if (typeof sku !== 'string' || !SKU.test(sku) || sku.length > SKU_MAX) {
    throw new HttpError(400, `The value in the "sku" field is not valid: it may contain only letters, digits, dashes (-), underscores (_) and periods (.), at most ${SKU_MAX} characters`);
  }
  const cost = body.cost;
  if (typeof cost !== 'object' || cost === null || Array.isArray(cost)) throw new HttpError(400, 'The field "cost" must be an object with "amount" and "type"');
  const { amount, type } = cost as Record<string, unknown>;
  if (amount === undefined || amount === null) throw new HttpError(400, 'Missing required parameter "cost.amount"');
  if (type === undefined || type === null || type === '') throw new HttpError(400, 'Missing required parameter "cost.type"');
  if (type !== 'bits') throw new HttpError(400, 'The value in the "cost.type" field is not valid: it must be bits');
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < BITS_MIN || amount > BITS_MAX) {
    throw new HttpError(400, `The value in the "cost.amount" field is not valid: it must be a whole number from ${BITS_MIN} to ${BITS_MAX}`);
  }
  const displayName = stringField(body.display_name, 'display_name');
  if (Array.from(displayName).length > DISPLAY_NAME_MAX) throw new HttpError(400, `The field "display_name" may be at most ${DISPLAY_NAME_MAX} characters`);
  const expiration = body.expiration === undefined || body.expiration === null || body.expiration === '' ? '' : iso(rfc3339(body.expiration, 'expiration'));
  return {
    sku,
    cost: { amount, type: 'bits' },
    in_development: flag(body.in_development, 'in_development'),
    display_name: displayName,
    expiration,
    is_broadcast: flag(body.is_broadcast, 'is_broadcast'),
  };
}

/** The Bits product routes. */
export function extensionBitsRoutes(store: ExtensionStore): RouteRow[] {
  return [
    route({
      method: 'GET',
      path: '/bits/extensions',
      token: 'app',
      handle({ request, token, context }) {
        const extension = extensionOf(store, token);
        const all = booleanQuery(request, 'should_include_all') ?? false;
        const now = context.now();
        const products = [...extension.bitsProducts.values()]
          .filter((product) => all || productActive(product, now))
          .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
        return ok(products.map((product) => ({ ...product, cost: { ...product.cost } })));
      },
    }),
    route({
      method: 'PUT',
      path: '/bits/extensions',
      token: 'app',
      body: ['sku', 'cost', 'display_name'],
      handle({ request, token }) {
        const extension = extensionOf(store, token);
        const product = productOf(request.body as Record<string, unknown>);
        extension.bitsProducts.set(product.sku, product);
        return ok([{ ...product, cost: { ...product.cost } }]);
      },
    }),
  ];
}
