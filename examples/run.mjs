#!/usr/bin/env node
// Runs an example's main.ts in this repository: `node run.mjs chat-bot` (or, from the root,
// `pnpm --filter @platform/examples example chat-bot`). It bundles the example with esbuild from
// the TypeScript sources of the workspace packages (the `@platform/source` export condition, as
// the tests use them), so nothing needs building first; other packages (ws, express...) stay
// imports that Node resolves from this folder (undici too, which core loads with createRequire:
// hence it is a dependency of this folder). In your own project, run the example's files with
// the TypeScript runner you use (tsx, or Node 22.18+ with its built-in type stripping).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const name = process.argv[2];
const entry = name === undefined ? undefined : join(here, name, 'main.ts');
if (!name || !entry || !existsSync(entry)) {
  process.stderr.write('Usage: node run.mjs <example>, one of: chat-bot, commands-bot, webhook-express, webhook-fetch, browser, conduit-worker, several-machines\n');
  process.exit(2);
}

const outfile = join(here, 'node_modules', '.cache', 'examples', `${name}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@platform/source'],
  sourcemap: 'inline',
  logLevel: 'warning',
  // An example's files find their neighbours (index.html...) as they would unbundled: they all
  // sit in the folder of its main.ts.
  define: { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) },
  plugins: [
    {
      name: 'workspace-sources-only',
      setup(builder) {
        // Bundle the workspace's @platform packages (from source) and the example's own files;
        // leave every other package to Node.
        builder.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@platform/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
await import(pathToFileURL(outfile).href);
