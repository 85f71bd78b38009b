export { eventSubConduit, ConduitListener, type ConduitListenerOptions } from './listener';
