import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // The command line's build below writes cli.js beside: this one's clean leaves it.
    clean: ['!cli.js'],
    sourcemap: true,
    target: 'es2022',
    platform: 'node',
  },
  {
    // The `platform-mock` command (package.json's bin): one ESM file with the shebang.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    // No source map: the bundle is plain, readable JavaScript, and the package stays smaller.
    sourcemap: false,
    target: 'es2022',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    define: { __PLATFORM_MOCK_VERSION__: JSON.stringify(version) },
  },
]);
