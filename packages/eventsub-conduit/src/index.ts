export {
  eventSubConduit,
  ConduitListener,
  type ConduitListenerOptions,
  type ConduitListenerStats,
  type ConduitShardLeases,
  type ConduitShardState,
  type ConduitWebhookOptions,
} from './listener';
