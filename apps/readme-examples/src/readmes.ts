import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Where the examples live as modules: paths under this folder are not files on disk; the vite plugin
 * (vitest.config.ts) and the type check (test/readme-examples.test.ts) serve the example's code there.
 * Being inside this app, they resolve `@platform/*` through its dependencies, like a user's program
 * that installed the packages.
 */
export const virtualDir = resolve(dirname(fileURLToPath(import.meta.url)), '../virtual');

/** One ```ts block of a README. */
export interface Example {
  /** The README, relative to the repository's root (`packages/api-chat/README.md`). */
  readonly readme: string;
  /** 1 for the README's first ```ts block, 2 for the second... */
  readonly index: number;
  /** The line of the opening fence. */
  readonly line: number;
  readonly code: string;
  /** Why the block is not run, from a `<!-- not run: <reason> -->` line just above its fence. */
  readonly notRun: string | undefined;
  /** Where the example lives as a module (under `virtualDir`). */
  readonly path: string;
}

/** The READMEs whose examples are run: the root's, every package's and every app's. */
export function readmeFiles(): string[] {
  const found = ['README.md'];
  for (const folder of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, folder)).sort()) {
      if (existsSync(join(root, folder, name, 'README.md'))) found.push(`${folder}/${name}/README.md`);
    }
  }
  return found;
}

const fence = /^```(\w+)?\s*$/;
const notRunMark = /^<!--\s*not run:\s*(.+?)\s*-->\s*$/;

/** The ```ts (or ```typescript) blocks of one README, in order. */
export function examplesOf(readme: string): Example[] {
  const lines = readFileSync(join(root, readme), 'utf8').split('\n');
  const examples: Example[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = fence.exec(lines[at]!);
    if (!open) continue;
    let end = at + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    const language = open[1];
    if (language === 'ts' || language === 'typescript') {
      const index = examples.length + 1;
      const above = at > 0 ? notRunMark.exec(lines[at - 1]!) : null;
      examples.push({
        readme,
        index,
        line: at + 1,
        code: `${lines.slice(at + 1, end).join('\n')}\n`,
        notRun: above?.[1],
        path: join(virtualDir, `${readme.replace(/\//g, '__').replace(/\.md$/, '')}-${index}.ts`),
      });
    }
    at = end;
  }
  return examples;
}

/** Every example of every README. */
export function allExamples(): Example[] {
  return readmeFiles().flatMap(examplesOf);
}

/** The example living at `path` (a path under `virtualDir`), if any. */
export function exampleAt(path: string, examples: readonly Example[] = allExamples()): Example | undefined {
  return examples.find((example) => example.path === path);
}

/** Where an example's relative imports resolve from: its README's folder. */
export function readmeFolder(example: Example): string {
  return dirname(join(root, example.readme));
}

/**
 * The source file a workspace package's import (`@platform/core`, `@platform/core/testing`) names
 * through the dev-only `@platform/source` export condition, read from the package's own package.json;
 * undefined for anything else. Examples resolve `@platform/*` this way, so that a package added to the
 * workspace is picked up without an install.
 */
export function workspaceSource(specifier: string): string | undefined {
  const match = /^@platform\/([^/]+)(\/.+)?$/.exec(specifier);
  if (!match) return undefined;
  const folder = join(root, 'packages', match[1]!);
  if (!existsSync(join(folder, 'package.json'))) return undefined;
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const entry = manifest.exports?.[match[2] ? `.${match[2]}` : '.'];
  const source = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)['@platform/source'] : undefined;
  return typeof source === 'string' ? join(folder, source) : undefined;
}

/** `packages/api-chat/README.md`, example 2 (line 40). */
export function describeExample(example: Example): string {
  return `${example.readme}, example ${example.index} (line ${example.line})`;
}

