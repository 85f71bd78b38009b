import { PlatformError, type OperationDeclaration, type ParamKind, type RequestOptions } from '@platform/core';
import { clientCore, clientInternals } from '@platform/core/internal';
import type { ClientHandle } from '@platform/core';

// The checks and token choices the EventSub management operations share. No message holds a
// webhook secret: a transport is shown as "an object".

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

/** What is wrong with a webhook transport's callback and secret (the reference: a secret of 10 to 100 characters). */
function webhookProblem(transport: Record<string, unknown>): string | undefined {
  if (!filled(transport.callback)) return 'needs a callback URL with the method "webhook"';
  const { secret } = transport;
  if (typeof secret !== 'string' || secret.length < 10 || secret.length > 100) return 'needs a secret of 10 to 100 characters with the method "webhook"';
  return undefined;
}

/**
 * A subscription's transport: `{ method: 'webhook', callback, secret }` (a secret of 10 to 100
 * characters), `{ method: 'websocket', session_id }` or `{ method: 'conduit', conduit_id }`.
 */
export const subscriptionTransportParam: ParamKind = {
  name: 'object',
  check(_spec, value) {
    if (!isRecord(value)) return 'must be an object with a method';
    switch (value.method) {
      case 'webhook':
        return webhookProblem(value);
      case 'websocket':
        return filled(value.session_id) ? undefined : 'needs a session_id with the method "websocket"';
      case 'conduit':
        return filled(value.conduit_id) ? undefined : 'needs a conduit_id with the method "conduit"';
      default:
        return 'must have the method "webhook", "websocket" or "conduit"';
    }
  },
};

/** A subscription's condition: an object whose fields are strings (IDs). */
export const conditionParam: ParamKind = {
  name: 'object',
  check(_spec, value) {
    if (!isRecord(value)) return 'must be an object, such as { broadcaster_user_id }';
    const wrong = Object.keys(value).find((key) => typeof value[key] !== 'string');
    return wrong === undefined ? undefined : `must hold strings only (its field ${wrong} is not a string)`;
  },
};

/** What is wrong with one shard of an `updateConduitShards` call, if anything. */
function shardProblem(shard: unknown): string | undefined {
  if (!isRecord(shard)) return 'is not an object { id, transport }';
  const { id, transport } = shard;
  if (typeof id !== 'string' || !/^\d+$/.test(id)) return 'needs an id, a shard number as a string (\'0\', \'1\'...)';
  if (!isRecord(transport)) return 'needs a transport object';
  if (transport.method === 'websocket') return filled(transport.session_id) ? undefined : 'needs a session_id with the method "websocket"';
  if (transport.method === 'webhook') return webhookProblem(transport);
  return 'needs a transport with the method "websocket" or "webhook"';
}

/**
 * The shards of an `updateConduitShards` call: `minLength` to `maxLength` objects `{ id, transport }`,
 * each transport a WebSocket session or a webhook callback with a secret of 10 to 100 characters.
 */
export const shardUpdatesParam: ParamKind = {
  name: 'array',
  check(spec, value) {
    if (!Array.isArray(value)) return 'must be a list of { id, transport } objects';
    const { minLength = 1, maxLength } = spec;
    if (value.length < minLength || (maxLength !== undefined && value.length > maxLength)) return `must hold from ${minLength} to ${String(maxLength)} shards (it holds ${value.length})`;
    for (const [index, shard] of value.entries()) {
      const problem = shardProblem(shard);
      if (problem) return `must be a list of { id, transport } objects: shard ${index} of the list ${problem}`;
    }
    return undefined;
  },
};

/** The filters of `subscriptions`: the platform takes one at most. */
const subscriptionFilters = ['status', 'type', 'user_id', 'subscription_id', 'conduit_id'] as const;

/**
 * Refuses a `subscriptions` call with more than one filter, before anything is sent (the platform
 * answers 400 to it). Anything that is not an object is left to the declaration's own check.
 */
export function checkOneFilter(operation: string, params: unknown): void {
  if (!isRecord(params)) return;
  const given = subscriptionFilters.filter((key) => params[key] !== undefined);
  if (given.length < 2) return;
  const [first, second] = given as unknown as [string, string];
  throw new PlatformError(
    `The parameter ${first} of ${operation} cannot be combined with ${second}; got ${first} ${JSON.stringify(params[first])} and ${second} ${JSON.stringify(params[second])}. The platform takes one filter at most (status, type, user_id, subscription_id or conduit_id).`,
  );
}

/**
 * The declaration with the token kind a call must use: EventSub subscriptions are created, listed
 * and deleted with the app token for the webhook and conduit transports, and with a user token
 * for the WebSocket transport. The rest of the declaration (path, parameters, checks) is the same.
 */
export function withTokenKind<P, R>(operation: OperationDeclaration<P, R>, token: 'app' | 'user'): OperationDeclaration<P, R> {
  return operation.token === token ? operation : { ...operation, token };
}

/**
 * The request options of a call that lists or deletes subscriptions: a call that names no identity
 * (no `as` or `token`, on the call or on the `client.as()` view) uses the app token when the client
 * has a clientSecret, which sees the app's webhook and conduit subscriptions. Without one (a
 * browser) the usual choice applies: the single registered user's token, which sees their
 * WebSocket subscriptions.
 */
export function appTokenByDefault(client: ClientHandle, options: RequestOptions | undefined): RequestOptions | undefined {
  const { defaults } = client[clientInternals];
  const chosen = [options?.as, options?.token, defaults.as, defaults.token].some((value) => value !== undefined);
  return chosen || clientCore(client).clientSecret === undefined ? options : { ...options, as: 'app' };
}
