export { eventSubConduit, ConduitListener, type ConduitListenerOptions, type ConduitShardState } from './listener';
