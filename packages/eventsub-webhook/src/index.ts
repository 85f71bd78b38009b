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
