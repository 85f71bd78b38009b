export { eventSubConduit, ConduitListener, type ConduitListenerOptions, type ConduitShardState, type ConduitWebhookOptions } from './listener';
