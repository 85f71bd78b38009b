import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // The two forms of `#websocket` (see package.json `imports`): the runtime picks one, and only
    // Node's can load `ws`.
    websocket: 'src/websocket.ts',
    'websocket.node': 'src/websocket.node.ts',
  },
  external: ['#websocket'],
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  // `import.meta.url` in Node's form, for the CommonJS build too.
  shims: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
