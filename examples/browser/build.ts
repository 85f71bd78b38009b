import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Options of `bundlePage()`. */
export interface BundleOptions {
  /**
   * Bundle this repository's workspace packages from their TypeScript sources instead of their
   * builds (`dist/`), so nothing needs building first: for the tests and `node run.mjs browser`.
   * In your own project leave it out: esbuild then picks `@platform/client`'s browser build
   * through the `browser` export condition.
   */
  workspaceSources?: boolean | undefined;
  minify?: boolean | undefined;
}

/**
 * Bundles the page (`page.ts` and what it imports) into one ES module for the browser, in memory.
 * The same as `esbuild browser/page.ts --bundle --format=esm --platform=browser --outfile=app.js`.
 */
export async function bundlePage(options: BundleOptions = {}): Promise<string> {
  const result = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'page.ts')],
    bundle: true,
    // The `browser` platform resolves packages with the `browser` export condition: @platform/client
    // then gives its browser build, with the WebSocket listener and without the server-only ones.
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    outdir: 'out',
    minify: options.minify ?? false,
    logLevel: 'silent',
    ...(options.workspaceSources ? { conditions: ['@platform/source'], plugins: [browserEntriesFromSource()] } : {}),
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'));
  if (!output) throw new Error('esbuild produced no JavaScript for the page.');
  return output.text;
}

/**
 * Where a workspace package has a browser build (`"browser"` in its exports, built by tsup from
 * `src/<name>.ts` into `dist/<name>.js`), resolves it to that source file. The `@platform/source`
 * condition alone would give the server entry, as it comes first in the exports.
 */
function browserEntriesFromSource(): Plugin {
  return {
    name: 'browser-entries-from-source',
    setup(builder) {
      builder.onResolve({ filter: /^@platform\/[^/]+$/ }, async (args) => {
        const manifest = await builder.resolve(`${args.path}/package.json`, { kind: 'import-statement', resolveDir: args.resolveDir });
        if (manifest.errors.length > 0) return undefined;
        const { exports } = JSON.parse(await readFile(manifest.path, 'utf8')) as { exports?: Record<string, { browser?: { import?: { default?: string } } }> };
        const built = exports?.['.']?.browser?.import?.default;
        const match = built === undefined ? null : /^\.\/dist\/(.+)\.js$/.exec(built);
        return match ? { path: join(dirname(manifest.path), 'src', `${match[1]}.ts`) } : undefined;
      });
    },
  };
}
