export { WebhookListener, eventSubWebhook, type WebhookListenerOptions } from './webhook-listener';
export {
  WebhookReceiver,
  dedupeTtlMs,
  checkCallbackAndSecret,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookMessageSubscription,
  type WebhookReceiverOptions,
  type WebhookRequestHandler,
} from './receiver';
// For the conduit listener: the comparison of a shared transport's subscriptions with the platform's list.
export { every, listedAs, listedOn } from './listed';
