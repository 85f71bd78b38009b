// The control tables of the groups not converted yet to `<group>Routes` + `<Group>State` +
// `<group>Controls` (see controls.ts): each row names and describes a method of the group's
// existing control object, which the row calls. Converting a group moves its rows into its own
// file, with a `run` each, and deletes its table here.
import { adaptControls, serveGroup, type HttpOnlyRow, type ServedGroup } from './controls';

import type { SubscriptionsControl } from './routes/subscriptions';
import type { MockEventSub } from './eventsub';
import type { MockPlatform } from './mock-platform';

/** `mock.subscriptions` (routes/subscriptions.ts). */
export const subscriptionsAdapted = adaptControls<SubscriptionsControl>({
  subscribe: { params: ['broadcasterId: string', 'userId: string', 'options?: SubscribeOptions'], does: 'A viewer subscribes (`channel.subscribe`).' },
  gift: { params: ['broadcasterId: string', 'gifterId: string | null', 'recipientIds: readonly string[]', 'options?: { tier?: SubscriptionTier }'], does: 'A viewer (`gifterId`; null for an anonymous gift) gifts subscriptions in a channel to `recipientIds`: `channel.subscription.gift`, then `channel.subscribe` (`is_gift` true) for each recipient.' },
  resubscribe: { params: ['broadcasterId: string', 'userId: string', 'options: ResubscribeOptions'], does: 'A subscriber shares a resubscription message (`channel.subscription.message`).' },
  end: { params: ['broadcasterId: string', 'userId: string'], does: 'A subscription ends (`channel.subscription.end`); returns whether there was one.' },
  grantExtension: { params: ['broadcasterId: string', 'clientId: string', 'scope: \'channel:read:subscriptions\' | \'user:read:subscriptions\''], does: 'The broadcaster grants an extension (its client ID) a scope in the extensions manager, so the extension\'s app token may call Get Broadcaster Subscriptions (`channel:read:subscriptions`) or Check User Subscription (`user:read:subscriptions`) for the channel.' },
  get: { params: ['broadcasterId: string', 'userId: string'], does: 'A viewer\'s subscription to a channel; undefined when none.' },
});

/** `mock.eventsub` (eventsub.ts). */
export const eventsubAdapted = adaptControls<Omit<MockEventSub, 'close'>>({
  trigger: {
    params: ['type: string', 'event?: Record<string, unknown>', 'options?: TriggerOptions'],
    does: 'Raises an event of `type` (`name` or `name@version`) and delivers it to the matching subscriptions; `event` is merged into the sample payload. Returns how many got it.',
  },
  subscriptions: { reads: true, params: ['filter?: { type?: string; status?: string; method?: TransportMethod }'], does: 'Every subscription, oldest first, as the list call shows them; optionally narrowed.' },
  sessions: { params: [], reads: true, does: 'Every WebSocket session, including ended ones.' },
  conduits: { params: [], reads: true, does: 'Every conduit of every client.' },
  redeliver: { params: ['messageId: string'], does: 'Sends a delivered message again, unchanged and with the same message id, over the transport it went by (the same session, or the same callback), as the platform\'s at-least-once delivery may.' },
  revoke: { params: ['subscriptionId: string', 'reason?: string'], does: 'Revokes a subscription as the platform does when a user withdraws consent: its status becomes `reason` and its transport gets one `revocation` message.' },
  dropSession: { params: ['sessionId?: string'], does: 'Cuts a session\'s socket (every session\'s, without an id) with no close frame, as a network failure would; its subscriptions become `websocket_disconnected` and a conduit shard it held is disabled.' },
  closeSession: { params: ['sessionId: string', 'code?: number'], does: 'Closes a session\'s socket with a close code of the platform (4000 by default); its subscriptions take the code\'s status (4000 `websocket_internal_error`, 4005 `websocket_network_timeout`...).' },
  silenceSession: { params: ['sessionId?: string', 'silent?: boolean'], does: 'Makes a session (every session, without an id) go silent: no keepalives, pings or notifications, the socket left open, as on a half-open connection.' },
  reconnectSession: { params: ['sessionId: string'], does: 'Sends `session_reconnect` to a session.' },
  configure: { params: ['options: EventSubOptions'], does: 'Changes timings and limits; new values apply to what starts afterwards (a new socket, the next keepalive...).' },
});

/** What is not a method in-process: properties to read and set. */
const eventsubHttpOnly: Record<string, HttpOnlyRow<MockEventSub>> = {
  deliveries: { of: 'deliveries', params: [], reads: true, does: 'The messages handed to transports, oldest first (the last 1000).', run: (eventsub) => eventsub.deliveries },
  options: { of: 'options', params: [], reads: true, does: 'The EventSub timings and limits in force.', run: (eventsub) => eventsub.options },
};

/** The groups of a mock not converted yet, served from their control objects. */
export function adaptedGroups(mock: MockPlatform): ServedGroup[] {
  return [
    serveGroup('subscriptions', 'subscriptions', subscriptionsAdapted, mock.subscriptions),
    serveGroup('eventsub', 'eventsub', eventsubAdapted, mock.eventsub, eventsubHttpOnly),
  ];
}
