import { defineConfig } from 'tsup';

export default defineConfig({
  // `browser` is the build the `browser` export condition picks: no webhook or conduit listener.
  entry: { index: 'src/index.ts', browser: 'src/browser.ts', 'file-store': 'src/file-store.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
