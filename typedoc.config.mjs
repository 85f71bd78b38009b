// @ts-check
// The API reference (`pnpm docs`, written to docs/api). Each published package is read as its own
// project (TypeDoc's packages strategy) from its public entry points, then the projects are merged;
// any warning fails the build, so an undocumented public export, a public type the package does
// not export, or a broken {@link} stops it. Each name is documented once, in the package that
// declares it; the start page is docs/reference-start.md; the search also finds an operation by
// the platform's own name of it (its `@platformName` tag).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, IndexEvent, OptionDefaults, ReflectionKind, ReflectionSymbolId } from 'typedoc';
import ts from 'typescript';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Package subpaths that are published but not public: what the packages share among themselves. */
const notPublic = new Set(['./internal']);

/**
 * A package's package.json.
 * @param {string} dir the package's folder
 * @returns {{ name: string, private?: boolean, exports?: Record<string, unknown> }}
 */
function readPackage(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * A package's public entry points, read from its `exports`: the source file behind the
 * `@platform/source` condition, mapped to its import path (`@platform/core/testing`). A new
 * subpath export is documented without touching this file.
 * @param {string} dir the package's folder
 * @returns {Map<string, string>} source file -> import path
 */
function publicEntries(dir) {
  const pkg = readPackage(dir);
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
  .filter((dir) => existsSync(path.join(dir, 'package.json')) && !readPackage(dir).private)
  .sort();

/** @type {Map<string, string>} every public entry point of every package -> its import path */
const importPaths = new Map(packages.flatMap((dir) => [...publicEntries(dir)]));

/**
 * The published package a file belongs to.
 * @param {string | undefined} file
 * @returns {string | undefined} the package's folder
 */
function packageOf(file) {
  return file === undefined ? undefined : packages.find((dir) => path.normalize(file).startsWith(dir + path.sep));
}

/**
 * Whether a module's export is declared at the top level of another published package than `home`:
 * a re-export there. Members of classes and types are never one.
 * @param {ts.Symbol} symbol
 * @param {ts.TypeChecker} checker
 * @param {string | undefined} home the folder of the package being converted
 */
function declaredElsewhere(symbol, checker, home) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declarations = target.getDeclarations() ?? [];
  const topLevel = (/** @type {ts.Declaration} */ node) => ts.isSourceFile(node.parent) || (ts.isVariableDeclaration(node) && ts.isSourceFile(node.parent.parent.parent));
  return (
    home !== undefined &&
    declarations.length > 0 &&
    declarations.every((node) => {
      const owner = packageOf(node.getSourceFile().fileName);
      return topLevel(node) && owner !== undefined && owner !== home;
    })
  );
}

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
  // Each name is documented once, in the package that declares it: a name a package re-exports from
  // another (@platform/client re-exports them all) is not converted there, so the links to it go to
  // the declaring package's page once the packages' projects are merged. Removing the reflections
  // after conversion would break those links, and `excludeExternals` would also drop the members a
  // class inherits from another package and the properties of a type mapped from one. The hook is
  // the converter's shouldIgnore(), internal to TypeDoc: checked with the pinned 0.28.20.
  /** @type {string | undefined} the folder of the package being converted */
  let converting;
  app.converter.on(Converter.EVENT_BEGIN, (context) => {
    converting = packageOf(context.programs[0]?.getRootFileNames()[0]);
  });
  const shouldIgnore = app.converter.shouldIgnore.bind(app.converter);
  app.converter.shouldIgnore = (symbol, checker) => shouldIgnore(symbol, checker) || declaredElsewhere(symbol, checker, converting);
  // A link to a name another package declares is resolved once the projects are merged; before
  // that, TypeDoc would fall back to a same-named member here (the `{@link send}` of
  // `client.chat.send` to itself). Runs before TypeDoc's link resolution (priority -300).
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      for (const reflection of Object.values(context.project.reflections)) {
        const comment = reflection.comment;
        for (const part of comment ? [...comment.summary, ...comment.blockTags.flatMap((tag) => tag.content)] : []) {
          if (part.kind !== 'inline-tag' || !(part.target instanceof ReflectionSymbolId)) continue;
          if (context.project.getReflectionsFromSymbolId(part.target).length > 0) continue;
          const owner = packageOf(part.target.fileName);
          if (owner === undefined || owner === converting) continue;
          part.tsLinkText ||= part.text.trim();
          part.text = '';
        }
      }
    },
    100,
  );
  // The platform's own name of each operation (`@platformName Send Chat Message` in its doc comment)
  // is a search field of its own. Weighted 100 (a name is 10), a search by the platform's name put
  // the operation first for 129 of the 137 operations and in the first three for the others when
  // measured, and a search by an operation's own name put it first more often than without the
  // field (94 against 64).
  app.renderer.on(IndexEvent.PREPARE_INDEX, (event) => {
    event.searchFieldWeights.platformName = 100;
    event.searchResults.forEach((reflection, index) => {
      const comments = [reflection.comment, ...(reflection.isDeclaration() ? (reflection.signatures ?? []).map((signature) => signature.comment) : [])];
      const names = comments.flatMap((comment) => comment?.getTags(platformName) ?? []).map((tag) => tag.content.map((part) => part.text).join('').trim());
      // Each name also as one word: the search box matches words by substring (`*send* *chat*
      // *message*`), and "sendchatmessage" holds all three, as the name `SentChatMessage` holds two.
      const words = names.flatMap((name) => [name, name.replaceAll(' ', '')]);
      if (names.length > 0) event.searchFields[index] = { ...event.searchFields[index], platformName: words.join('\n') };
    });
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const file = context.getSymbolFromReflection(module)?.declarations?.[0]?.getSourceFile().fileName;
      const name = file === undefined ? undefined : importPaths.get(path.normalize(file));
      if (name) module.name = name;
    }
  });
}

/** The block tag that gives an operation's name in the platform's own reference. */
const platformName = '@platformName';

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
    blockTags: [...OptionDefaults.blockTags, platformName],
    validation: { notExported: true, invalidLink: true, notDocumented: true },
    // No "Defined in" line: the project has no public home yet, so a link to its sources would name
    // an address it does not own (CONTRIBUTING.md, "Adding a package"). With the sources off,
    // TypeDoc neither reads the git remote nor links anywhere.
    disableSources: true,
  },
  out: 'docs/api',
  // The start page: what the packages are, where to start, the groups of `Platform`.
  readme: 'docs/reference-start.md',
  // Its links name their targets by module (`"@platform/client"!"@platform/client".ChatGroup`); shown by name.
  preserveLinkText: false,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  treatWarningsAsErrors: true,
};
