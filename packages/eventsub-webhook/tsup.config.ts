import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // `@platform/eventsub-webhook/internal`: what the conduit listener shares with the webhook listener.
    'internal/index': 'src/internal/index.ts',
  },
  format: ['esm', 'cjs'],
  // Shared chunks in both formats: the two entries then share one copy of each class and module
  // state (a CommonJS `internal` entry of its own would hold a second copy of the receiver's module).
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
