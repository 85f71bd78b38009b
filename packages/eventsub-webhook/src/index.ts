export {
  WebhookListener,
  eventSubWebhook,
  type WebhookFetchHandler,
  type WebhookListenerOptions,
  type WebhookRequestHandler,
} from './webhook-listener';
