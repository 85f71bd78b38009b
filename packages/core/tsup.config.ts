import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    // `@platform/core/internal`: what the other platform client packages need from core.
    'internal/index': 'src/internal/index.ts',
    // `@platform/core/node`: Node's transports (undici, node:http), never in a browser bundle.
    'node/index': 'src/node.ts',
    // The two forms of `#runtime-sender` (see package.json `imports`): the runtime picks one.
    'runtime-sender': 'src/runtime-sender.ts',
    'runtime-sender.node': 'src/runtime-sender.node.ts',
    // The same for `#diagnostics`: node:diagnostics_channel's channels on Node, none elsewhere.
    diagnostics: 'src/diagnostics.ts',
    'diagnostics.node': 'src/diagnostics.node.ts',
    // And `#server-guards`: the cleartext check and the hidden internals of servers, none in browsers.
    'server-guards': 'src/server-guards.ts',
    'server-guards.server': 'src/server-guards.server.ts',
  },
  external: ['#runtime-sender', '#diagnostics', '#server-guards'],
  format: ['esm', 'cjs'],
  // Shared chunks in both formats: the entries then share one copy of each class and module state
  // (a CommonJS `internal` entry of its own would hold a second ClientCore, pipeline and errors).
  splitting: true,
  dts: { entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts', 'internal/index': 'src/internal/index.ts', 'node/index': 'src/node.ts' } },
  // `import.meta.url` in Node's form, for the CommonJS build too (undici is loaded with `createRequire()` at the first request).
  shims: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
