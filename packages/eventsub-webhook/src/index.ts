// The names a program calls or writes as a type; `WebhookReceiver` is the message intake, for a
// listener of your own. What the conduit listener shares with the webhook listener is in
// `@platform/eventsub-webhook/internal`.
export { WebhookListener, eventSubWebhook, type WebhookListenerOptions } from './webhook-listener';
export {
  WebhookReceiver,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookMessageSubscription,
  type WebhookReceiverOptions,
  type WebhookRequestHandler,
} from './receiver';
