import { booleanParam, callOperation, defineOperation, firstResult, PlatformError, type ClientHandle, type RequestOptions, type ResultKind } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { lookupEventSubType, retiredVersionMessage } from '../catalog';
import { conditionParam, subscriptionTransportParam, withTokenKind } from '../checks';
import type { EventSubSubscription, EventSubSubscriptionCounts } from '../resources';

/** Where a new subscription's events go: the create call's `transport` field. */
export type SubscriptionTransport =
  | {
      /** Deliver to a WebSocket session. */
      method: 'websocket';
      /** The ID of the WebSocket session, from its welcome message. */
      session_id: string;
    }
  | {
      /** Deliver to a webhook callback. */
      method: 'webhook';
      /** HTTPS on port 443 on the real platform; redirects are not followed. */
      callback: string;
      /** 10 to 100 ASCII characters; the platform signs each message with it and never shows it again. */
      secret: string;
    }
  | {
      /** Deliver to a conduit. */
      method: 'conduit';
      /** The ID of the conduit, from its creation. */
      conduit_id: string;
    };

/** Parameters of `createSubscription`. */
export interface CreateSubscriptionParams {
  /** The plain type name, such as `channel.follow`. */
  type: string;
  /** The version on the wire: `'1'`, `'2'`, `'beta'` (`lookupEventSubType(name).version` gives the newest). */
  version: string;
  /** The type's condition, such as `{ broadcaster_user_id, moderator_user_id }`. */
  condition: Readonly<Record<string, string>>;
  /** Webhook, WebSocket session or conduit. It decides the token: a user's for WebSocket, the app's otherwise. */
  transport: SubscriptionTransport;
  /** Batched notifications (`events: [{ id, data }]`); a batched type such as `drop.entitlement.grant` needs it. */
  is_batching_enabled?: boolean;
}

/** A new subscription as `createSubscription` resolves with it: the subscription, and the app's or user's subscription totals beside it in the answer. */
export type CreatedSubscription = EventSubSubscription & EventSubSubscriptionCounts;

/** `data[0]` with the answer's `total`, `total_cost` and `max_total_cost` beside its fields. */
const createdResult: ResultKind = {
  name: 'first',
  shape: (answers, operation) => {
    const created = firstResult.shape(answers, operation) as EventSubSubscription;
    const envelope = (answers[0]?.data ?? {}) as Partial<EventSubSubscriptionCounts>;
    return { ...created, total: envelope.total, total_cost: envelope.total_cost, max_total_cost: envelope.max_total_cost };
  },
};

/**
 * Declaration of `eventsub.createSubscription`: POST /eventsub/subscriptions, either token (the
 * transport decides: a user token for WebSocket, the app token for webhook and conduit), no scope
 * of its own (the type's scopes are the authorizing user's).
 */
export const createSubscriptionOperation = /* @__PURE__ */ defineOperation<CreateSubscriptionParams, CreatedSubscription>({
  name: 'eventsub.createSubscription',
  method: 'POST',
  path: '/eventsub/subscriptions',
  token: 'either',
  scopes: [],
  params: {
    type: { type: 'string', in: 'body', required: true },
    version: { type: 'string', in: 'body', required: true },
    condition: { type: conditionParam, in: 'body', required: true },
    transport: { type: subscriptionTransportParam, in: 'body', required: true },
    is_batching_enabled: { type: booleanParam, in: 'body' },
  },
  result: createdResult,
});

/** The token kind of a transport, as the platform's reference requires it. */
function subscriptionTokenKind(transport: unknown): 'app' | 'user' {
  return (transport as { method?: unknown } | undefined)?.method === 'websocket' ? 'user' : 'app';
}

/**
 * Creates an EventSub subscription and resolves with it as the platform lists it (a webhook one
 * `webhook_callback_verification_pending` until its callback answers the challenge, the others
 * `enabled`), with the answer's `total`, `total_cost` and `max_total_cost` beside its fields. Nothing listens here: the events go to the transport. The listeners
 * (`client.eventsub.websocket()`...) create their subscriptions with this same operation.
 *
 * Token: the transport decides. WebSocket: a user token (the `as` option or view, or the single
 * registered user), the session's user. Webhook and conduit: the app token; a type that needs a
 * user's authorization needs that user to have granted the client its scopes before.
 * Limits: the webhook `secret` 10 to 100 characters; `transport` needs `callback` and `secret`,
 * `session_id` or `conduit_id` for its method.
 *
 * @platformName Create EventSub Subscription
 * @throws PlatformError when a parameter is missing or broken, or the type's version has been
 *   withdrawn by the platform (`EventSub type channel.hype_train.begin@1 has been withdrawn by the
 *   platform: use version 2 (channel.hype_train.begin).`); nothing is sent, and the secret is never in the message.
 * @throws PlatformAuthError when there is no token of the kind the transport needs.
 * @throws PlatformApiError when the platform refuses it: 400 (a bad condition, type and version, callback),
 *   401 (the wrong token kind), 403 (the authorization is missing), 409 (it exists already: the
 *   error's `body.id` is the existing subscription's ID), 410 (the platform has removed that
 *   version of the type), 429 (the limit of the type and condition, or of the cost).
 * @example
 * const subscription = await createSubscription(client, {
 *   type: 'stream.online',
 *   version: '1',
 *   condition: { broadcaster_user_id: '1234' },
 *   transport: { method: 'conduit', conduit_id },
 * });
 */
export async function createSubscription(client: ClientHandle, params: CreateSubscriptionParams, options?: RequestOptions): Promise<CreatedSubscription> {
  params = ownParams(params); // its rules read what is sent
  const given = params as Partial<CreateSubscriptionParams> | undefined;
  const known = typeof given?.type === 'string' && typeof given.version === 'string' ? lookupEventSubType(`${given.type}@${given.version}`) : undefined;
  if (known?.status === 'withdrawn') throw new PlatformError(retiredVersionMessage(known)!);
  const kind = subscriptionTokenKind(given?.transport);
  return await callOperation(client, withTokenKind(createSubscriptionOperation, kind), params, options);
}
