import { randomUUID } from 'node:crypto';
import type { RaisedEvent } from '../events';
import type { HelixContext } from '../helix';
import type { Persisted } from '../persist';
import { shardTransportListing, subscriptionPayload, timestamp, type BatchEntry, type Conduit, type EventSubType, type Shard, type Subscription } from './model';
import type { ResolvedEventSubOptions } from './options';
import { findType, newestVersion, olderVersionsOf, resolveType, sampleOf } from './registry';
import { WebhookSender, type WebhookMessage, type WebhookTarget } from './webhook';
import { frame, type Session, type WebSocketSessions } from './websocket';

/** One message the fake handed to a transport, for tests to read. */
export interface EventSubDelivery {
  /** The message id: the same on every retry of a webhook message. */
  messageId: string;
  /** A notification, or the revocation of a subscription. */
  kind: 'notification' | 'revocation';
  /** The subscription it was for. */
  subscriptionId: string;
  /** The subscription's type. */
  type: string;
  /** The subscription's version. */
  version: string;
  /** How it travelled: a conduit message goes over its shard's transport. */
  method: 'websocket' | 'webhook';
  /** The session id (WebSocket) or callback (webhook). */
  target: string;
  /** Set for a conduit subscription. */
  conduitId?: string;
  /** The shard it went to. */
  shardId?: string;
  /**
   * `sent` on a socket; `queued` for a socket that is taking over a session; `lost` when nothing
   * could carry it (a silent or ended session, no enabled shard); for webhooks `pending` until the
   * callback answers, then `acknowledged` (a 2xx) or `failed` (every retry failed).
   */
  outcome: 'sent' | 'queued' | 'lost' | 'pending' | 'acknowledged' | 'failed';
  /** When it was handed over, on the mock's clock (epoch ms). */
  at: number;
}

// The delivery log is for tests; a long demo run must not grow it without end.
const deliveryLogSize = 1000;

/** The EventSub state of the fake platform (subscriptions, conduits) and the delivery of its messages. */
export class EventSubCore implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts): the subscriptions, and the conduits with their shards.
   * Not the WebSocket sessions (sockets end with the mock; `restored()` ends their subscriptions as
   * the platform does when a session ends), nor the delivery log and the messages kept for
   * `redeliver()` (what was handed to transports, for tests to read).
   */
  readonly persisted = { as: 'eventsub', fields: ['subscriptions', 'conduits'] } as const;
  /** In creation order, which is the order of the list call (oldest first). */
  readonly subscriptions = new Map<string, Subscription>();
  readonly conduits = new Map<string, Conduit>();
  readonly deliveries: EventSubDelivery[] = [];
  /** The last messages handed to a transport, by message id, to send again (`redeliver`). */
  readonly #sent = new Map<string, { sessionId: string; text: string } | { target: WebhookTarget; message: WebhookMessage }>();
  readonly sessions: WebSocketSessions;
  readonly webhooks: WebhookSender;
  /** How many restores there were: a webhook result of a message sent before the last one counts against no record. */
  #restores = 0;

  constructor(
    readonly context: HelixContext,
    readonly options: () => ResolvedEventSubOptions,
    sessions: (ended: (session: Session, status: string) => void) => WebSocketSessions,
  ) {
    this.sessions = sessions((session, status) => this.#sessionEnded(session, status));
    this.webhooks = new WebhookSender(context.now, () => ({ timeoutMs: options().webhookTimeoutMs, retryDelaysMs: options().webhookRetryDelaysMs }));
  }

  /** Delivers an event raised on the event bus to every matching enabled subscription; returns how many got it. */
  deliverRaised(raised: RaisedEvent): number {
    const entry = raised.version === undefined ? newestVersion(raised.type) : findType(raised.type, raised.version);
    if (!entry) return 0;
    let count = 0;
    for (const subscription of this.#matching(entry, raised.condition)) {
      const payload = entry.batched ? { events: batchOf(raised.event) } : { event: raised.event };
      if (this.#notify(subscription, payload)) count++;
    }
    // A deprecated older version the platform still sends gets the same event in its own shape.
    for (const older of olderVersionsOf[`${entry.type}@${entry.version}`] ?? []) {
      const olderEntry = findType(entry.type, older.version);
      if (!olderEntry) continue;
      for (const subscription of this.#matching(olderEntry, raised.condition)) {
        if (this.#notify(subscription, { event: older.event(raised.event as Record<string, unknown>) })) count++;
      }
    }
    return count;
  }

  /**
   * Delivers the sample event of a type (`name` or `name@version`), merged with `event`, to every
   * enabled subscription of the type whose condition agrees with the condition keys `event` names
   * and with `condition`. Each subscription gets the sample fitted to its own condition (the user
   * ids its condition names, with their logins and names, replace the sample's), then `event` on top.
   */
  trigger(type: string, event: Record<string, unknown> = {}, condition: Record<string, string> = {}): number {
    const entry = resolveType(type);
    const filter: Record<string, string> = {};
    for (const key of [...entry.required, ...entry.optional]) {
      const value = event[key];
      if (typeof value === 'string') filter[key] = value;
    }
    Object.assign(filter, condition);
    const sample = sampleOf(entry);
    let count = 0;
    for (const subscription of this.#matching(entry, filter)) {
      const payload = entry.batched
        ? { events: [{ id: randomUUID(), data: this.#fitted(sample?.events?.[0]?.data ?? {}, subscription, event) }] }
        : { event: this.#fitted(sample?.event ?? {}, subscription, event) };
      if (this.#notify(subscription, payload)) count++;
    }
    return count;
  }

  /** Revokes a subscription: it takes `status`, and its transport gets one revocation message if it was enabled. */
  revoke(subscription: Subscription, status: string): void {
    const wasEnabled = subscription.status === 'enabled';
    subscription.status = status;
    if (wasEnabled) this.#dispatch(subscription, 'revocation', { subscription: subscriptionPayload(subscription) });
  }

  /** Sends the verification challenge of a new webhook subscription; a 200 with the challenge enables it. */
  verifySubscription(subscription: Subscription): void {
    const transport = subscription.transport;
    if (transport.method !== 'webhook') return;
    this.#challenge(transport, { subscription: subscriptionPayload(subscription) }, subscription, (status) => {
      // Deleted or revoked meanwhile: the answer no longer matters.
      if (this.subscriptions.get(subscription.id) === subscription && subscription.status === 'webhook_callback_verification_pending') subscription.status = status;
    });
  }

  /** Sends the verification challenge of a webhook shard (`conduit_shard` instead of `subscription`). */
  verifyShard(conduit: Conduit, shard: Shard): void {
    const transport = shard.transport;
    if (transport?.method !== 'webhook') return;
    // The shard's challenge names no subscription, so it carries no subscription type headers.
    this.#challenge(transport, { conduit_shard: { conduit_id: conduit.id, shard: shard.id } }, undefined, (status) => {
      if (shard.transport === transport && shard.status === 'webhook_callback_verification_pending') shard.status = status;
    });
  }

  #challenge(target: WebhookTarget, about: Record<string, unknown>, subscription: Subscription | undefined, settle: (status: string) => void): void {
    const challenge = randomUUID();
    const message: WebhookMessage = {
      id: randomUUID(),
      type: 'webhook_callback_verification',
      ...(subscription ? { subscriptionType: subscription.type, subscriptionVersion: subscription.version } : {}),
      body: JSON.stringify({ challenge, ...about }),
    };
    void this.webhooks.verify(target, message, challenge).then((passed) => settle(passed ? 'enabled' : 'webhook_callback_verification_failed'));
  }

  /** Unbinds the session a shard held, if any (the shard is getting another transport or going away). */
  releaseShard(conduit: Conduit, shard: Shard): void {
    const transport = shard.transport;
    if (transport?.method !== 'websocket') return;
    const session = this.sessions.sessions.get(transport.sessionId);
    if (session?.shard?.conduitId === conduit.id && session.shard.shardId === shard.id) session.shard = undefined;
  }

  close(): void {
    this.sessions.close();
    this.webhooks.close();
  }

  /**
   * After a restore: a WebSocket subscription or shard whose session is not connected to this mock
   * ended with its session, as when a session drops (`websocket_disconnected`; an enabled shard
   * raises `conduit.shard.disabled`); a webhook subscription or shard still waiting for its
   * verification gets a challenge again (the answer to one sent before the restore is ignored).
   */
  restored(): void {
    this.#restores++;
    const at = timestamp(this.context.now());
    const ended = (sessionId: string) => !this.sessions.live(sessionId);
    for (const subscription of this.subscriptions.values()) {
      const transport = subscription.transport;
      if (transport.method === 'websocket' && ended(transport.sessionId)) this.#disconnect(subscription, 'websocket_disconnected', at);
      else if (subscription.status === 'webhook_callback_verification_pending') this.verifySubscription(subscription);
    }
    for (const conduit of this.conduits.values()) {
      for (const shard of conduit.shards) {
        const transport = shard.transport;
        if (transport?.method === 'websocket' && ended(transport.sessionId) && shard.status === 'enabled') this.#disableShard(conduit, shard, 'websocket_disconnected', at);
        else if (shard.status === 'webhook_callback_verification_pending') this.verifyShard(conduit, shard);
      }
    }
  }

  /** Enabled subscriptions of the type and version whose condition agrees with `condition`. */
  *#matching(entry: EventSubType, condition: Readonly<Record<string, string>>): Generator<Subscription> {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.status !== 'enabled' || subscription.type !== entry.type || subscription.version !== entry.version) continue;
      if (conditionMatches(entry, subscription.condition, condition)) yield subscription;
    }
  }

  /** The sample fitted to a subscription's condition, with the caller's fields on top. */
  #fitted(sample: Readonly<Record<string, unknown>>, subscription: Subscription, event: Record<string, unknown>): Record<string, unknown> {
    const fitted = structuredClone(sample) as Record<string, unknown>;
    for (const [key, value] of Object.entries(subscription.condition)) {
      if (!(key in fitted)) continue;
      fitted[key] = value;
      // broadcaster_user_id → broadcaster_user_login and broadcaster_user_name of the same user.
      if (!key.endsWith('_id')) continue;
      const prefix = key.slice(0, -'_id'.length);
      const user = this.context.state.user(value);
      if (!user) continue;
      if (`${prefix}_login` in fitted) fitted[`${prefix}_login`] = user.login;
      if (`${prefix}_name` in fitted) fitted[`${prefix}_name`] = user.display_name;
    }
    return Object.assign(fitted, event);
  }

  #notify(subscription: Subscription, event: { event: unknown } | { events: BatchEntry[] }): boolean {
    return this.#dispatch(subscription, 'notification', { subscription: subscriptionPayload(subscription), ...event }) !== 'lost';
  }

  /** Sends one message of a subscription over its transport (its shard's, for a conduit). */
  #dispatch(subscription: Subscription, kind: 'notification' | 'revocation', payload: Record<string, unknown>): EventSubDelivery['outcome'] {
    const messageId = randomUUID();
    const base = { messageId, kind, subscriptionId: subscription.id, type: subscription.type, version: subscription.version, at: this.context.now() };
    let route: { sessionId: string } | { target: WebhookTarget } | undefined;
    let conduit: { conduitId: string; shardId: string } | undefined;
    const transport = subscription.transport;
    if (transport.method === 'websocket') route = { sessionId: transport.sessionId };
    else if (transport.method === 'webhook') route = { target: transport };
    else {
      const shard = this.#pickShard(transport.conduitId, subscription);
      const shardTransport = shard?.transport;
      if (shard && shardTransport) {
        conduit = { conduitId: transport.conduitId, shardId: shard.id };
        route = shardTransport.method === 'websocket' ? { sessionId: shardTransport.sessionId } : { target: shardTransport };
      }
    }
    if (!route) {
      this.#log({ ...base, method: 'websocket', target: '', ...conduit, outcome: 'lost' });
      return 'lost';
    }
    if ('sessionId' in route) {
      const text = JSON.stringify(frame(kind, this.context.now(), payload, subscription, messageId));
      this.#keep(messageId, { sessionId: route.sessionId, text });
      const outcome = this.sessions.sendText(route.sessionId, text);
      this.#log({ ...base, method: 'websocket', target: route.sessionId, ...conduit, outcome });
      return outcome;
    }
    const record: EventSubDelivery = { ...base, method: 'webhook', target: route.target.callback, ...conduit, outcome: 'pending' };
    const restores = this.#restores;
    this.#log(record);
    const message: WebhookMessage = { id: messageId, type: kind, subscriptionType: subscription.type, subscriptionVersion: subscription.version, body: JSON.stringify(payload) };
    this.#keep(messageId, { target: route.target, message });
    void this.webhooks.deliver(route.target, message).then((arrived) => {
      record.outcome = arrived ? 'acknowledged' : 'failed';
      // Failures count against a webhook subscription; a conduit's webhook shard is only disabled
      // after a long streak, which the fake does not model.
      if (kind === 'notification' && transport.method === 'webhook' && restores === this.#restores) this.#countWebhookResult(subscription, arrived);
    });
    return 'pending';
  }

  #countWebhookResult(subscription: Subscription, arrived: boolean): void {
    if (subscription.status !== 'enabled') return;
    if (arrived) {
      subscription.failedMessages = 0;
      return;
    }
    subscription.failedMessages++;
    const limit = this.options().webhookFailuresBeforeRevocation;
    if (limit !== null && subscription.failedMessages >= limit) this.revoke(subscription, 'notification_failures_exceeded');
  }

  /** The shard for a conduit subscription's message: by hash of its channel or round robin, then the next enabled one. */
  #pickShard(conduitId: string, subscription: Subscription): Shard | undefined {
    const conduit = this.conduits.get(conduitId);
    if (!conduit || conduit.shards.length === 0) return undefined;
    const count = conduit.shards.length;
    const start = this.options().conduitRouting === 'round-robin' ? conduit.nextShard % count : hash(routingKey(subscription)) % count;
    for (let step = 0; step < count; step++) {
      const index = (start + step) % count;
      const shard = conduit.shards[index]!;
      // A shard whose session is closing is passed over, as the platform does once it has read the close frame.
      if (shard.status === 'enabled' && shard.transport && (shard.transport.method !== 'websocket' || this.sessions.reachable(shard.transport.sessionId))) {
        conduit.nextShard = index + 1;
        return shard;
      }
    }
    return undefined;
  }

  /**
   * Sends a message again, unchanged and with the same message id, over the transport it went
   * by: the platform's delivery is at least once. Returns how it went (`lost` for a session that
   * has ended); throws for a message id it does not know (only the last 1000 are kept).
   */
  redeliver(messageId: string): EventSubDelivery['outcome'] {
    const sent = this.#sent.get(messageId);
    if (!sent) throw new Error(`No message ${messageId} among the last ${deliveryLogSize} delivered.`);
    if ('sessionId' in sent) return this.sessions.sendText(sent.sessionId, sent.text);
    void this.webhooks.deliver(sent.target, sent.message);
    return 'pending';
  }

  #keep(messageId: string, sent: { sessionId: string; text: string } | { target: WebhookTarget; message: WebhookMessage }): void {
    this.#sent.set(messageId, sent);
    if (this.#sent.size > deliveryLogSize) this.#sent.delete(this.#sent.keys().next().value!);
  }

  #log(delivery: EventSubDelivery): void {
    this.deliveries.push(delivery);
    if (this.deliveries.length > deliveryLogSize) this.deliveries.splice(0, this.deliveries.length - deliveryLogSize);
  }

  /** A session ended: its subscriptions take the status; a shard it held is disabled and `conduit.shard.disabled` raised. */
  #sessionEnded(session: Session, status: string): void {
    const at = timestamp(this.context.now());
    for (const subscription of this.subscriptions.values()) {
      const transport = subscription.transport;
      if (transport.method === 'websocket' && transport.sessionId === session.id) this.#disconnect(subscription, status, at);
    }
    if (!session.shard) return;
    const conduit = this.conduits.get(session.shard.conduitId);
    const shard = conduit?.shards[Number(session.shard.shardId)];
    if (!conduit || !shard || shard.transport?.method !== 'websocket' || shard.transport.sessionId !== session.id) return;
    this.#disableShard(conduit, shard, status, at);
  }

  /** An enabled WebSocket subscription whose session ended takes `status`, disconnected `at`. */
  #disconnect(subscription: Subscription, status: string, at: string): void {
    const transport = subscription.transport;
    if (transport.method !== 'websocket' || subscription.status !== 'enabled') return;
    subscription.status = status;
    transport.disconnectedAt = at;
  }

  /** A WebSocket shard whose session ended takes `status`, disconnected `at`, and `conduit.shard.disabled` is raised. */
  #disableShard(conduit: Conduit, shard: Shard, status: string, at: string): void {
    if (shard.transport?.method !== 'websocket') return;
    shard.status = status;
    shard.transport.disconnectedAt = at;
    this.context.events.raise({
      type: 'conduit.shard.disabled',
      version: '1',
      event: { conduit_id: conduit.id, shard_id: shard.id, status, transport: shardTransportListing(shard.transport) },
      condition: { client_id: conduit.clientId, conduit_id: conduit.id },
    });
  }
}

/**
 * Whether a subscription's condition agrees with a raised condition: every raised key has the same
 * value in the subscription, except an optional key the subscription left out, which means "any"
 * (`conduit.shard.disabled` without `conduit_id`, `channel.raid` with one side only).
 */
export function conditionMatches(entry: EventSubType, mine: Readonly<Record<string, string>>, raised: Readonly<Record<string, string>>): boolean {
  for (const [key, value] of Object.entries(raised)) {
    const own = mine[key];
    if (own === undefined ? !entry.optional.includes(key) : own !== value) return false;
  }
  return true;
}

/** A batched event as `[{ id, data }]`: entries already in that shape stay, others are wrapped with a fresh id. */
function batchOf(event: unknown): BatchEntry[] {
  const entries = Array.isArray(event) ? (event as unknown[]) : [event];
  return entries.map((entry) => {
    const record = entry as Partial<BatchEntry> | null;
    if (record && typeof record.id === 'string' && typeof record.data === 'object' && record.data !== null) return { id: record.id, data: record.data };
    return { id: randomUUID(), data: entry as Record<string, unknown> };
  });
}

/** The channel a conduit message is routed by. */
function routingKey(subscription: Subscription): string {
  const condition = subscription.condition;
  return condition.broadcaster_user_id ?? condition.to_broadcaster_user_id ?? condition.from_broadcaster_user_id ?? condition.user_id ?? Object.values(condition)[0] ?? subscription.id;
}

/** FNV-1a: a stable spread of channel ids over shards. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
