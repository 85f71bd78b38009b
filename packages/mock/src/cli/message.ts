import { randomUUID } from 'node:crypto';
import { defaultMockClientId } from '../mock-platform';
import { subscriptionPayload, timestamp, type EventSubType, type Subscription } from '../eventsub/model';
import { sampleOf } from '../eventsub/registry';
import type { WebhookMessage } from '../eventsub/webhook';
import { CliError } from './args';

/** The event (or batch entry's data) of a notification, and the subscription it is sent for. */
export interface MadeNotification {
  message: WebhookMessage;
  /** The subscription object of the payload. */
  subscription: Record<string, unknown>;
  /** The event as sent (for a batched type, the one entry's `data`). */
  event: Record<string, unknown>;
}

/**
 * A made-up subscription of the type: a fresh id, `status`, the condition, a webhook transport to
 * `callback`, created now; the object the payload carries, built by the mock's own function.
 */
export function madeUpSubscription(entry: EventSubType, condition: Record<string, string>, callback: string, status: string): Record<string, unknown> {
  const subscription: Subscription = {
    id: randomUUID(),
    type: entry.type,
    version: entry.version,
    condition,
    status,
    // What the platform charges a webhook subscription: nothing when the type needs a user's
    // authorization (scopes), else 1 for a condition naming a user (stream.online...).
    cost: entry.scopes.length === 0 && Object.keys(condition).some((key) => key.endsWith('user_id')) ? 1 : 0,
    createdAt: timestamp(Date.now()),
    clientId: defaultMockClientId,
    userId: undefined,
    transport: { method: 'webhook', callback, secret: '' },
    failedMessages: 0,
  };
  return subscriptionPayload(subscription);
}

/**
 * A notification of the type as the mock sends one: the catalogue's sample event, `fields` on top
 * (dotted keys reach into objects), a made-up subscription whose condition is read from the event
 * (`overrides` first), and the message's id, type headers and exact body.
 */
export function notification(entry: EventSubType, fields: readonly string[], conditionFields: readonly string[], callback: string): MadeNotification {
  const sample = sampleOf(entry);
  const base = entry.batched ? sample?.events?.[0]?.data : sample?.event;
  const event = structuredClone<Record<string, unknown>>(base ?? {});
  for (const field of fields) setField(event, field);
  const condition = conditionOf(entry, event, conditionFields);
  const subscription = madeUpSubscription(entry, condition, callback, 'enabled');
  const payload = entry.batched ? { subscription, events: [{ id: randomUUID(), data: event }] } : { subscription, event };
  return {
    message: { id: randomUUID(), type: 'notification', subscriptionType: entry.type, subscriptionVersion: entry.version, body: JSON.stringify(payload) },
    subscription,
    event,
  };
}

/** The verification challenge of a new webhook subscription of the type, as the mock sends it. */
export function challengeMessage(entry: EventSubType, conditionFields: readonly string[], callback: string): { message: WebhookMessage; challenge: string } {
  const sample = sampleOf(entry);
  const event = (entry.batched ? sample?.events?.[0]?.data : sample?.event) ?? {};
  const subscription = madeUpSubscription(entry, conditionOf(entry, event, conditionFields), callback, 'webhook_callback_verification_pending');
  const challenge = randomUUID();
  return {
    challenge,
    message: { id: randomUUID(), type: 'webhook_callback_verification', subscriptionType: entry.type, subscriptionVersion: entry.version, body: JSON.stringify({ challenge, subscription }) },
  };
}

/**
 * The condition of the made-up subscription: each `key=value` given, then each required key read
 * from the event (`broadcaster_user_id`...); a `*_user_id` key the event lacks (the moderator of
 * `channel.follow`, the reader of `channel.chat.message`) is the broadcaster, a `client_id` the
 * mock's default client. A type whose keys are all optional (`channel.raid`) gets the first the
 * event has.
 */
function conditionOf(entry: EventSubType, event: Readonly<Record<string, unknown>>, given: readonly string[]): Record<string, string> {
  const condition: Record<string, string> = {};
  const known = [...entry.required, ...entry.optional];
  for (const pair of given) {
    const [key, value] = splitPair('--condition', pair);
    if (!known.includes(key)) throw new CliError(`the condition of ${entry.type} has no key ${JSON.stringify(key)}; it has ${known.join(', ') || 'none'}`);
    condition[key] = value;
  }
  const broadcaster = typeof event.broadcaster_user_id === 'string' ? event.broadcaster_user_id : undefined;
  for (const key of entry.required) {
    if (condition[key] !== undefined) continue;
    const value = event[key];
    if (typeof value === 'string') condition[key] = value;
    else if (key.endsWith('user_id') && broadcaster !== undefined) condition[key] = broadcaster;
    else if (key === 'client_id' || key === 'extension_client_id') condition[key] = defaultMockClientId;
    else condition[key] = '1';
  }
  if (entry.required.length === 0 && !entry.optional.some((key) => condition[key] !== undefined)) {
    const key = entry.optional.find((each) => typeof event[each] === 'string');
    if (key !== undefined) condition[key] = event[key] as string;
  }
  return condition;
}

/** `key=value`, split at the first `=`. */
export function splitPair(option: string, pair: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new CliError(`${option} ${JSON.stringify(pair)} is not key=value`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

/**
 * Sets `key=value` in the event; `a.b=value` reaches into the object at `a`. The value takes the
 * type of the value it replaces (a number stays a number, `true`/`false` for a boolean; ids stay
 * text); a new key, or one that held null, an object or a list, takes JSON for `{...}`, `[...]`,
 * `true`, `false` and `null`, else the text.
 */
function setField(event: Record<string, unknown>, pair: string): void {
  const [path, raw] = splitPair('--field', pair);
  const keys = path.split('.');
  let target: Record<string, unknown> = event;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (next === undefined || next === null) target[key] = {};
    else if (typeof next !== 'object' || Array.isArray(next)) throw new CliError(`--field ${path}: ${key} is not an object in the event`);
    target = target[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  const current = target[last];
  switch (typeof current) {
    case 'string':
      target[last] = raw;
      return;
    case 'number': {
      const number = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(number)) throw new CliError(`--field ${path}: ${JSON.stringify(raw)} is not a number (the sample's ${path} is ${current})`);
      target[last] = number;
      return;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw new CliError(`--field ${path}: ${JSON.stringify(raw)} is not true or false`);
      target[last] = raw === 'true';
      return;
    default:
      // Digits stay text: the platform's ids are strings.
      if (/^\s*[[{]/.test(raw) || raw === 'true' || raw === 'false' || raw === 'null') {
        try {
          target[last] = JSON.parse(raw) as unknown;
          return;
        } catch {
          throw new CliError(`--field ${path}: ${JSON.stringify(raw)} is not valid JSON`);
        }
      }
      target[last] = raw;
  }
}
