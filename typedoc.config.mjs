// @ts-check
// The API reference (`pnpm docs`, written to docs/api). Each published package is read as its own
// project (TypeDoc's packages strategy) from its public entry points, then the projects are merged;
// any warning fails the build, so an undocumented public export, a public type the package does
// not export, or a broken {@link} stops it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, ReflectionKind } from 'typedoc';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Package subpaths that are published but not public: what the packages share among themselves. */
const notPublic = new Set(['./internal']);

/**
 * A package's public entry points, read from its `exports`: the source file behind the
 * `@platform/source` condition, mapped to its import path (`@platform/core/testing`). A new
 * subpath export is documented without touching this file.
 * @param {string} dir the package's folder
 * @returns {Map<string, string>} source file -> import path
 */
function publicEntries(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entries = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const source = typeof target === 'object' && target !== null ? target['@platform/source'] : undefined;
    if (typeof source === 'string' && !notPublic.has(subpath)) entries.set(path.join(dir, source), pkg.name + subpath.slice(1));
  }
  return entries;
}

/** The published packages: every folder of packages/ whose package.json is not private. */
const packages = readdirSync(path.join(root, 'packages'))
  .map((name) => path.join(root, 'packages', name))
  .filter((dir) => existsSync(path.join(dir, 'package.json')) && !JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).private)
  .sort();

/** @type {Map<string, string>} every public entry point of every package -> its import path */
const importPaths = new Map(packages.flatMap((dir) => [...publicEntries(dir)]));

/**
 * Gives every package its entry points (read from its package.json, above) when TypeDoc reads the
 * package's options, and names each entry point's module after its import path
 * (`@platform/core/testing`, not `testing`).
 * @param {import('typedoc').Application} app
 */
function platformPackages(app) {
  app.options.addReader({
    name: 'platform-package-entry-points',
    order: 250, // after the package's tsconfig.json (200), before the command line (300)
    supportsPackages: true,
    read(options, logger, cwd) {
      if (options.packageDir === undefined) return;
      const entryPoints = [...publicEntries(cwd).keys()];
      options.setValue('entryPoints', entryPoints, cwd);
      // The program starts from the entry points alone, not from everything the package's
      // tsconfig.json includes: its tests and configs would add time and nothing to the reference.
      options.setCompilerOptions(entryPoints, options.getCompilerOptions(logger), undefined);
    },
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const file = context.getSymbolFromReflection(module)?.declarations?.[0]?.getSourceFile().fileName;
      const name = file === undefined ? undefined : importPaths.get(path.normalize(file));
      if (name) module.name = name;
    }
  });
}

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'platform-client',
  entryPointStrategy: 'packages',
  entryPoints: packages.map((dir) => path.relative(root, dir)),
  plugin: [platformPackages],
  packageOptions: {
    // `pnpm typecheck` checks the types; the reference only reads them.
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    validation: { notExported: true, invalidLink: true, notDocumented: true },
    // Source links point at the repository the packages name; a clone without a remote still builds.
    sourceLinkTemplate: 'https://github.com/platform-client/platform-client/blob/{gitRevision}/{path}#L{line}',
  },
  out: 'docs/api',
  readme: 'none',
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  treatWarningsAsErrors: true,
};
