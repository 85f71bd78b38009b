import { defineConfig } from 'tsup';

export default defineConfig({
  // `./groups`: the operation groups as data, which `Platform` binds (`client.chat`...).
  entry: { index: 'src/index.ts', groups: 'src/groups.ts' },
  format: ['esm', 'cjs'],
  // One shared chunk of operations in both formats, not a second copy in the CommonJS groups entry.
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
