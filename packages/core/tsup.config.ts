import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    // The two forms of `#runtime-sender` (see package.json `imports`): the runtime picks one.
    'runtime-sender': 'src/runtime-sender.ts',
    'runtime-sender.node': 'src/runtime-sender.node.ts',
  },
  external: ['#runtime-sender'],
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
