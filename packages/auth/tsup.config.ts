import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // `@platform/auth/internal`: the authenticator class behind platformAuth().
    'internal/index': 'src/internal/index.ts',
  },
  format: ['esm', 'cjs'],
  // Shared chunks in both formats: the two entries then share one copy of each class (a CommonJS
  // `internal` entry of its own would hold a second AuthManager and its modules).
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
