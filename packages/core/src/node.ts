// `@platform/core/node`: the transports of Node, for a program that chooses its own (a proxy, a
// custom CA, a mock in tests). Node-only: `node:http` and undici never reach a browser bundle.
export { undiciTransport, type UndiciTransportOptions } from './transports/undici';
export { nodeHttpTransport, type NodeHttpTransportOptions } from './transports/node-http';
