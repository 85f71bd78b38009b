import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // `@platform/eventsub-ws/internal`: what the conduit listener shares with the WebSocket listener.
    'internal/index': 'src/internal/index.ts',
    // The two forms of `#websocket` (see package.json `imports`): the runtime picks one, and only
    // Node's can load `ws`.
    websocket: 'src/websocket.ts',
    'websocket.node': 'src/websocket.node.ts',
  },
  external: ['#websocket'],
  format: ['esm', 'cjs'],
  // Shared chunks in both formats: the two entries then share one copy of each class (a CommonJS
  // `internal` entry of its own would hold a second EventSubSession).
  splitting: true,
  dts: { entry: { index: 'src/index.ts', 'internal/index': 'src/internal/index.ts' } },
  // `import.meta.url` in Node's form, for the CommonJS build too.
  shims: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
