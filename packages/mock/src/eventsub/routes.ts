import { randomUUID } from 'node:crypto';
import { field, noContent, ok, page, required, requiredField, type RouteRow } from '../helix';
import { HttpError, type MockRequest } from '../http';
import type { MockToken } from '../state';
import type { EventSubCore } from './core';
import { shardListing, subscriptionListing, timestamp, type Conduit, type EventSubType, type Shard, type Subscription, type SubscriptionTransport } from './model';
import { authorizingKey, findType, knownType, scopeGroups, withdrawnVersions } from './registry';

// Statuses under which a subscription still holds its place (duplicates, limits, cost).
const liveStatuses = new Set(['enabled', 'webhook_callback_verification_pending']);

// The statuses the list call filters by: the reference's, and `conduit_deleted` (its conduit was deleted).
const subscriptionStatuses = new Set([
  'enabled',
  'webhook_callback_verification_pending',
  'webhook_callback_verification_failed',
  'notification_failures_exceeded',
  'authorization_revoked',
  'moderator_removed',
  'user_removed',
  'chat_user_banned',
  'version_removed',
  'beta_maintenance',
  'websocket_disconnected',
  'websocket_failed_ping_pong',
  'websocket_received_inbound_traffic',
  'websocket_connection_unused',
  'websocket_internal_error',
  'websocket_network_timeout',
  'websocket_network_error',
  'websocket_failed_to_reconnect',
  'conduit_deleted',
]);

/** Subscriptions a token sees: an app token its client's webhook and conduit ones, a user token that user's WebSocket ones. */
const visibleTo = (token: MockToken) => (subscription: Subscription) =>
  subscription.clientId === token.clientId &&
  (token.userId === undefined ? subscription.transport.method !== 'websocket' : subscription.transport.method === 'websocket' && subscription.userId === token.userId);

function totals(core: EventSubCore, token: MockToken) {
  const mine = [...core.subscriptions.values()].filter(visibleTo(token));
  const limits = core.options().limits;
  return {
    total: mine.length,
    total_cost: costOf(mine),
    max_total_cost: token.userId === undefined ? limits.maxTotalCost : limits.websocketMaxTotalCost,
  };
}

/** The conduit of the id if the token's client owns it. */
function ownConduit(core: EventSubCore, token: MockToken, id: string): Conduit | undefined {
  const conduit = core.conduits.get(id);
  return conduit?.clientId === token.clientId ? conduit : undefined;
}

/**
 * The EventSub management routes: subscriptions (create, list, delete), conduits (list, create,
 * update, delete) and conduit shards (list, update), over the EventSub core (its subscriptions,
 * conduits, sessions and webhook sender).
 */
export const eventsubRoutes: readonly RouteRow<EventSubCore>[] = [
  {
    method: 'POST',
    path: '/eventsub/subscriptions',
    token: 'either',
    handle: ({ request, token, context }, core) => {
      const type = requiredString(request, 'type');
      const version = requiredString(request, 'version');
      const condition = conditionOf(request);
      const transport = requiredField<Record<string, unknown>>(request, 'transport');
      if (typeof transport !== 'object') throw new HttpError(400, 'The parameter "transport" must be an object');
      const method = transport.method;
      if (method !== 'webhook' && method !== 'websocket' && method !== 'conduit') throw new HttpError(400, `The transport method "${String(method)}" is not supported; use webhook, websocket or conduit`);
      // The token kind follows the transport: a user token for WebSocket, the app token otherwise.
      if (method === 'websocket' && token.userId === undefined) throw new HttpError(401, 'The websocket transport requires a user access token');
      if (method !== 'websocket' && token.userId !== undefined) throw new HttpError(401, `The ${method} transport requires an app access token`);

      const entry = findType(type, version);
      const replacement = withdrawnVersions[`${type}@${version}`];
      if (replacement !== undefined) {
        throw new HttpError(410, `Version "${version}" of subscription type "${type}" has been removed; use version "${replacement}"`);
      }
      if (!entry) {
        throw new HttpError(400, knownType(type) ? `Version "${version}" of subscription type "${type}" is not supported` : `The subscription type "${type}" is not supported`);
      }
      if (!entry.transports.includes(method)) throw new HttpError(400, `The ${method} transport is not supported for ${type}`);
      checkCondition(entry, condition);
      checkConditionSubjects(core, token, entry, condition);
      checkAuthorization(core, token, entry, condition);

      const options = core.options();
      let record: SubscriptionTransport;
      let userId: string | undefined;
      if (method === 'webhook') {
        const problem = callbackProblem(transport.callback, transport.secret, options.strictCallbacks);
        if (problem) throw new HttpError(400, problem);
        record = { method, callback: transport.callback as string, secret: transport.secret as string };
      } else if (method === 'websocket') {
        userId = token.userId!;
        const id = transport.session_id;
        if (typeof id !== 'string' || id === '') throw new HttpError(400, 'Missing required parameter "transport.session_id"');
        const session = core.sessions.live(id);
        if (!session) throw new HttpError(400, `The websocket session "${id}" does not exist or is no longer connected`);
        if (session.shard) throw new HttpError(400, 'The websocket session is assigned to a conduit shard');
        if (session.owner && (session.owner.clientId !== token.clientId || session.owner.userId !== userId)) {
          throw new HttpError(400, 'The websocket session carries the subscriptions of another user');
        }
        record = { method, sessionId: id, connectedAt: session.connectedAt, disconnectedAt: undefined };
      } else {
        const id = transport.conduit_id;
        if (typeof id !== 'string' || id === '') throw new HttpError(400, 'Missing required parameter "transport.conduit_id"');
        if (!ownConduit(core, token, id)) throw new HttpError(400, `The conduit "${id}" does not exist`);
        record = { method, conduitId: id };
      }

      const cost = costFor(core, token, entry, condition);
      const live = [...core.subscriptions.values()].filter((each) => each.clientId === token.clientId && liveStatuses.has(each.status));
      const sameKind = live.filter((each) => each.type === type && each.version === version && sameCondition(each.condition, condition));
      const duplicate = sameKind.find((each) => sameTarget(each.transport, record));
      if (duplicate) {
        // The platform names the existing subscription, so a client can adopt it.
        return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists', id: duplicate.id } };
      }
      if (sameKind.length >= options.limits.sameTypeAndCondition) throw new HttpError(429, 'Too many subscriptions with the same type and condition');
      if (record.method === 'websocket') {
        const sessionId = record.sessionId;
        const users = live.filter((each) => each.transport.method === 'websocket' && each.userId === userId);
        const onSession = users.filter((each) => each.transport.method === 'websocket' && each.transport.sessionId === sessionId);
        if (onSession.length >= options.limits.subscriptionsPerSession) throw new HttpError(429, 'The websocket session has reached its limit of enabled subscriptions');
        const otherSessions = new Set(users.map((each) => (each.transport.method === 'websocket' ? each.transport.sessionId : '')));
        otherSessions.delete(sessionId);
        if (onSession.length === 0 && otherSessions.size >= options.limits.connectionsPerUser) throw new HttpError(429, 'websocket transports limit exceeded');
        if (costOf(users) + cost > options.limits.websocketMaxTotalCost) throw new HttpError(429, 'The subscription would exceed max_total_cost');
      } else if (costOf(live.filter((each) => each.transport.method !== 'websocket')) + cost > options.limits.maxTotalCost) {
        throw new HttpError(429, 'The subscription would exceed max_total_cost');
      }

      const subscription: Subscription = {
        id: randomUUID(),
        type,
        version,
        condition,
        status: method === 'webhook' ? 'webhook_callback_verification_pending' : 'enabled',
        cost,
        createdAt: timestamp(context.now()),
        clientId: token.clientId,
        userId,
        transport: record,
        failedMessages: 0,
      };
      core.subscriptions.set(subscription.id, subscription);
      if (record.method === 'websocket') {
        const session = core.sessions.live(record.sessionId)!;
        session.owner = { clientId: token.clientId, userId: userId! };
        core.sessions.markUsed(session);
      }
      core.verifySubscription(subscription);
      return { status: 202, body: { data: [subscriptionListing(subscription)], ...totals(core, token) } };
    
    },
  },
  {
    method: 'GET',
    path: '/eventsub/subscriptions',
    token: 'either',
    handle: ({ request, token }, core) => {
      const filters = ['status', 'type', 'user_id', 'subscription_id', 'conduit_id'].filter((name) => (request.query.get(name) ?? '') !== '');
      if (filters.length > 1) throw new HttpError(400, 'Only one of the parameters "status", "type", "user_id", "subscription_id" and "conduit_id" may be given');
      const [filter] = filters;
      const value = filter === undefined ? '' : request.query.get(filter)!;
      // The reference: 400 for a type or status the platform does not know.
      if (filter === 'status' && !subscriptionStatuses.has(value)) throw new HttpError(400, 'The value in the status query parameter is not valid');
      if (filter === 'type' && !knownType(value)) throw new HttpError(400, 'The value in the type query parameter is not valid');
      const matches = (subscription: Subscription) => {
        switch (filter) {
          case 'status':
            return subscription.status === value;
          case 'type':
            return subscription.type === value;
          case 'subscription_id':
            return subscription.id === value;
          case 'conduit_id':
            return subscription.transport.method === 'conduit' && subscription.transport.conduitId === value;
          case 'user_id':
            return Object.entries(subscription.condition).some(([key, each]) => key.endsWith('user_id') && each === value);
          default:
            return true;
        }
      };
      const list = [...core.subscriptions.values()].filter(visibleTo(token)).filter(matches);
      const size = core.options().pageSize;
      const { data, pagination } = page(request, list, { defaultFirst: size, maxFirst: size });
      return { status: 200, body: { data: data.map(subscriptionListing), ...totals(core, token), pagination } };
    
    },
  },
  {
    method: 'DELETE',
    path: '/eventsub/subscriptions',
    token: 'either',
    handle: ({ request, token }, core) => {
      const id = required(request, 'id');
      const subscription = core.subscriptions.get(id);
      if (!subscription || !visibleTo(token)(subscription)) throw new HttpError(404, 'The subscription was not found');
      core.subscriptions.delete(id);
      return noContent();
    
    },
  },
  {
    method: 'GET',
    path: '/eventsub/conduits',
    token: 'app',
    handle: ({ token }, core) => {
      return ok([...core.conduits.values()].filter((conduit) => conduit.clientId === token.clientId).map(conduitListing));
    
    },
  },
  {
    method: 'POST',
    path: '/eventsub/conduits',
    token: 'app',
    handle: ({ request, token }, core) => {
      const count = shardCount(request, core.options().limits.shardsPerConduit);
      const owned = [...core.conduits.values()].filter((conduit) => conduit.clientId === token.clientId);
      if (owned.length >= core.options().limits.conduitsPerClient) throw new HttpError(429, 'Conduit limit reached');
      const conduit: Conduit = { id: randomUUID(), clientId: token.clientId, shards: [], nextShard: 0 };
      resize(conduit, count);
      core.conduits.set(conduit.id, conduit);
      return ok([conduitListing(conduit)]);
    
    },
  },
  {
    method: 'PATCH',
    path: '/eventsub/conduits',
    token: 'app',
    handle: ({ request, token }, core) => {
      const id = bodyOrQuery(request, 'id');
      if (id === undefined) throw new HttpError(400, 'Missing required parameter "id"');
      const count = shardCount(request, core.options().limits.shardsPerConduit);
      const conduit = ownConduit(core, token, id);
      if (!conduit) throw new HttpError(404, 'The conduit was not found');
      for (const shard of conduit.shards.slice(count)) core.releaseShard(conduit, shard);
      resize(conduit, count);
      return ok([conduitListing(conduit)]);
    
    },
  },
  {
    method: 'DELETE',
    path: '/eventsub/conduits',
    token: 'app',
    handle: ({ request, token }, core) => {
      const conduit = ownConduit(core, token, required(request, 'id'));
      if (!conduit) throw new HttpError(404, 'The conduit was not found');
      for (const shard of conduit.shards) core.releaseShard(conduit, shard);
      core.conduits.delete(conduit.id);
      for (const subscription of core.subscriptions.values()) {
        if (subscription.transport.method === 'conduit' && subscription.transport.conduitId === conduit.id && liveStatuses.has(subscription.status)) subscription.status = 'conduit_deleted';
      }
      return noContent();
    
    },
  },
  {
    method: 'GET',
    path: '/eventsub/conduits/shards',
    token: 'app',
    handle: ({ request, token }, core) => {
      const conduit = ownConduit(core, token, required(request, 'conduit_id'));
      if (!conduit) throw new HttpError(404, 'The conduit was not found');
      const status = request.query.get('status');
      const shards = status ? conduit.shards.filter((shard) => shard.status === status) : conduit.shards;
      const size = core.options().pageSize;
      const { data, pagination } = page(request, shards, { defaultFirst: size, maxFirst: size });
      return ok(data.map(shardListing), { pagination });
    
    },
  },
  {
    method: 'PATCH',
    path: '/eventsub/conduits/shards',
    token: 'app',
    handle: ({ request, token }, core) => {
      const conduitId = requiredField<string>(request, 'conduit_id');
      const updates = requiredField<unknown>(request, 'shards');
      if (!Array.isArray(updates)) throw new HttpError(400, 'The parameter "shards" must be an array');
      if (updates.length > 100) throw new HttpError(400, 'At most 100 shards may be updated per request');
      const conduit = ownConduit(core, token, String(conduitId));
      if (!conduit) throw new HttpError(404, 'The conduit was not found');
      const data: unknown[] = [];
      const errors: { id: string; message: string; code: string }[] = [];
      for (const update of updates as unknown[]) {
        const outcome = updateShard(core, conduit, update);
        if (typeof outcome === 'string') errors.push({ id: shardIdOf(update), message: outcome, code: 'invalid_parameter' });
        else data.push(shardListing(outcome));
      }
      // Partial success: the call is accepted and the shards it could not update are listed in errors.
      return { status: 202, body: { data, errors } };
    
    },
  },
];

/** Applies one shard update; returns the shard, or the reason it was refused. */
function updateShard(core: EventSubCore, conduit: Conduit, update: unknown): Shard | string {
  const { id, transport } = (update ?? {}) as { id?: unknown; transport?: Record<string, unknown> };
  const shardId = typeof id === 'number' ? String(id) : id;
  if (typeof shardId !== 'string' || !/^\d+$/.test(shardId)) return 'The shard id must be a decimal string';
  const shard = conduit.shards[Number(shardId)];
  if (!shard) return `The shard id ${shardId} is outside the conduit's range (0 to ${conduit.shards.length - 1})`;
  if (typeof transport !== 'object' || transport === null) return 'The shard needs a transport';
  if (transport.method === 'websocket') {
    const sessionId = transport.session_id;
    if (typeof sessionId !== 'string' || sessionId === '') return 'The websocket transport needs a session_id';
    const session = core.sessions.live(sessionId);
    if (!session) return `The websocket session "${sessionId}" is not connected`;
    if (session.owner) return 'The websocket session already carries subscriptions';
    if (session.shard && (session.shard.conduitId !== conduit.id || session.shard.shardId !== shard.id)) return 'The websocket session is already assigned to another shard';
    core.releaseShard(conduit, shard);
    shard.transport = { method: 'websocket', sessionId, connectedAt: session.connectedAt, disconnectedAt: undefined };
    shard.status = 'enabled';
    session.shard = { conduitId: conduit.id, shardId: shard.id };
    core.sessions.markUsed(session);
    return shard;
  }
  if (transport.method === 'webhook') {
    const problem = callbackProblem(transport.callback, transport.secret, core.options().strictCallbacks);
    if (problem) return problem;
    core.releaseShard(conduit, shard);
    shard.transport = { method: 'webhook', callback: transport.callback as string, secret: transport.secret as string };
    shard.status = 'webhook_callback_verification_pending';
    core.verifyShard(conduit, shard);
    return shard;
  }
  return `The transport method "${String(transport.method)}" is not supported for a shard; use websocket or webhook`;
}

/** Condition user ids must exist; ids of the app itself (`client_id`, `extension_client_id`, `conduit_id`) must be the token's. */
function checkConditionSubjects(core: EventSubCore, token: MockToken, entry: EventSubType, condition: Record<string, string>): void {
  for (const [key, value] of Object.entries(condition)) {
    if (key.endsWith('user_id') && !core.context.state.user(value)) throw new HttpError(400, `The user in "${key}" does not exist`);
  }
  for (const key of ['client_id', 'extension_client_id']) {
    if (condition[key] !== undefined && condition[key] !== token.clientId) throw new HttpError(403, `The ${key} in the condition must be the client ID of the access token`);
  }
  if (entry.type === 'conduit.shard.disabled' && condition.conduit_id !== undefined && !ownConduit(core, token, condition.conduit_id)) {
    throw new HttpError(403, 'The conduit in the condition does not belong to the client');
  }
}

/**
 * The authorizing user must have granted the type's scopes: with a user token that user is the
 * token's; with the app token, any token the user gave the same client counts. A moderator in
 * the condition must moderate the broadcaster.
 */
function checkAuthorization(core: EventSubCore, token: MockToken, entry: EventSubType, condition: Record<string, string>): void {
  const groups = scopeGroups(entry);
  const key = authorizingKey(entry);
  if (groups.length > 0 && key !== undefined) {
    const userId = condition[key]!;
    let granted: Set<string>;
    if (token.userId !== undefined) {
      if (userId !== token.userId) throw new HttpError(403, `The ${key} in the condition must be the user of the access token`);
      granted = new Set(token.scopes);
    } else {
      granted = core.context.state.grantedScopes(token.clientId, userId);
    }
    const missing = groups.filter((group) => !group.some((scope) => granted.has(scope)));
    if (missing.length > 0) {
      throw new HttpError(403, `subscription missing proper authorization: the user in ${key} has not granted ${missing.map((group) => group.join(' or ')).join(', ')}`);
    }
  }
  if (token.userId === undefined) checkBotGrants(core, token.clientId, entry.type, condition);
  const broadcaster = condition.broadcaster_user_id;
  const moderator = condition.moderator_user_id;
  if (broadcaster !== undefined && moderator !== undefined && !core.context.state.isModerator(broadcaster, moderator)) {
    throw new HttpError(403, 'The user in moderator_user_id is not one of the broadcaster\'s moderators');
  }
}

/** Chat types whose app-token subscriptions need the chatting user's `user:bot` and the broadcaster's `channel:bot` (or the user's moderator status). */
const botInChannelTypes = new Set(['channel.chat.clear', 'channel.chat.clear_user_messages', 'channel.chat.message', 'channel.chat.message_delete', 'channel.chat.notification', 'channel.chat_settings.update']);
/** Chat types whose app-token subscriptions need the chatting user's `user:bot` only. */
const botOnlyTypes = new Set(['channel.chat.user_message_hold', 'channel.chat.user_message_update']);

/**
 * With an app token, the reference asks more of the chat types than their scopes: the chatting user
 * (`user_id`) must have granted `user:bot`, and for the channel's own chat the broadcaster
 * `channel:bot`, unless the chatting user moderates the channel.
 */
function checkBotGrants(core: EventSubCore, clientId: string, type: string, condition: Record<string, string>): void {
  const inChannel = botInChannelTypes.has(type);
  if (!inChannel && !botOnlyTypes.has(type)) return;
  const userId = condition.user_id;
  const broadcasterId = condition.broadcaster_user_id;
  if (userId === undefined || broadcasterId === undefined) return;
  if (!core.context.state.grantedScopes(clientId, userId).has('user:bot')) {
    throw new HttpError(403, 'subscription missing proper authorization: with an app access token the user in user_id must have granted user:bot');
  }
  if (inChannel && !core.context.state.isModerator(broadcasterId, userId) && !core.context.state.grantedScopes(clientId, broadcasterId).has('channel:bot')) {
    throw new HttpError(403, 'subscription missing proper authorization: with an app access token the broadcaster must have granted channel:bot, or the user in user_id must be a moderator');
  }
}

/**
 * No cost for a type that needs the user's authorization; otherwise 1 for a type that names a
 * user who has not authorized the client (`stream.online`, `channel.update`...), else 0.
 */
function costFor(core: EventSubCore, token: MockToken, entry: EventSubType, condition: Record<string, string>): number {
  if (scopeGroups(entry).length > 0) return 0;
  const users = Object.entries(condition).filter(([key]) => key.endsWith('user_id')).map(([, value]) => value);
  if (users.length === 0) return 0;
  return users.some((userId) => userId === token.userId || core.context.state.hasAuthorized(token.clientId, userId)) ? 0 : 1;
}


function requiredString(request: MockRequest, name: string): string {
  const value = requiredField(request, name);
  if (typeof value !== 'string') throw new HttpError(400, `The parameter "${name}" must be a string`);
  return value;
}

function conditionOf(request: MockRequest): Record<string, string> {
  const condition = requiredField(request, 'condition');
  if (typeof condition !== 'object' || Array.isArray(condition)) throw new HttpError(400, 'The parameter "condition" must be an object');
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(condition as Record<string, unknown>)) {
    if (typeof value !== 'string' || value === '') throw new HttpError(400, `The condition field "${key}" must be a non-empty string`);
    result[key] = value;
  }
  return result;
}

/** The condition's keys against the registry: every required key, no unknown key. */
function checkCondition(entry: EventSubType, condition: Record<string, string>): void {
  const known = [...entry.required, ...entry.optional];
  for (const key of Object.keys(condition)) {
    if (!known.includes(key)) throw new HttpError(400, `The condition field "${key}" is not valid for ${entry.type}`);
  }
  for (const key of entry.required) {
    if (condition[key] === undefined) throw new HttpError(400, `Missing required condition field "${key}" for ${entry.type}`);
  }
  // A type with optional keys only (channel.raid) takes exactly one of them.
  if (entry.required.length === 0 && entry.optional.filter((key) => condition[key] !== undefined).length !== 1) {
    throw new HttpError(400, `The condition of ${entry.type} needs exactly one of ${entry.optional.join(', ')}`);
  }
}

/** Why a webhook callback and secret are refused, or undefined when they are fine. */
function callbackProblem(callback: unknown, secret: unknown, strict: boolean): string | undefined {
  if (typeof callback !== 'string' || callback === '') return 'Missing required parameter "transport.callback"';
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    return 'The callback is not a valid URL';
  }
  if (strict ? url.protocol !== 'https:' || (url.port !== '' && url.port !== '443') : url.protocol !== 'https:' && url.protocol !== 'http:') {
    return strict ? 'The callback must use https on port 443' : 'The callback must be an http or https URL';
  }
  if (typeof secret !== 'string' || secret.length < 10 || secret.length > 100 || !/^[\x20-\x7e]+$/.test(secret)) {
    return 'The secret must be 10 to 100 ASCII characters';
  }
  return undefined;
}

function sameCondition(one: Readonly<Record<string, string>>, other: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(one);
  return keys.length === Object.keys(other).length && keys.every((key) => one[key] === other[key]);
}

function sameTarget(one: SubscriptionTransport, other: SubscriptionTransport): boolean {
  if (one.method === 'webhook' && other.method === 'webhook') return one.callback === other.callback;
  if (one.method === 'websocket' && other.method === 'websocket') return one.sessionId === other.sessionId;
  if (one.method === 'conduit' && other.method === 'conduit') return one.conduitId === other.conduitId;
  return false;
}

function costOf(subscriptions: readonly Subscription[]): number {
  return subscriptions.filter((each) => liveStatuses.has(each.status)).reduce((sum, each) => sum + each.cost, 0);
}

/** A value given in the JSON body, or else in the query string (one widely used client sends the query). */
function bodyOrQuery(request: MockRequest, name: string): string | undefined {
  const value = field(request, name) ?? request.query.get(name) ?? undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function shardCount(request: MockRequest, max: number): number {
  const text = bodyOrQuery(request, 'shard_count');
  if (text === undefined) throw new HttpError(400, 'Missing required parameter "shard_count"');
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > max) throw new HttpError(400, `The parameter "shard_count" must be an integer from 1 to ${max}`);
  return count;
}

/** Grows a conduit with unassigned shards, or cuts the shards at and above `count`. */
function resize(conduit: Conduit, count: number): void {
  conduit.shards = conduit.shards.slice(0, count);
  for (let index = conduit.shards.length; index < count; index++) {
    // Not documented for a shard never assigned; "not connected" is what it is.
    conduit.shards.push({ id: String(index), status: 'websocket_disconnected', transport: undefined });
  }
}

function conduitListing(conduit: Conduit): { id: string; shard_count: number } {
  return { id: conduit.id, shard_count: conduit.shards.length };
}

function shardIdOf(update: unknown): string {
  const id = (update as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}
