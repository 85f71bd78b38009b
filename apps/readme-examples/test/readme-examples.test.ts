import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { strictOptions } from './compiler-options';
import { startPrelude, type Prelude, type PreludeValues } from '../src/prelude';
import { allExamples, describeExample, examplesOf, readmeFiles, readmeFolder, root, workspaceSource, type Example } from '../src/readmes';

// Every ```ts block of the root README, of each package's README and of each app's README runs as
// written: as a module, with the prelude's values as globals (src/prelude.ts), against a new mock
// platform reached at the real platform's addresses. It must finish, and write nothing with
// console.error (a listener's onError, say). A block marked `<!-- not run: <reason> -->` on the line
// above its fence is a fragment (Express, Hono...): it is listed here as skipped, with its reason.
// Every block that runs is also type-checked, strict, as a user's program would be.

const globalsFile = join(dirname(import.meta.dirname), 'types', 'example-globals.d.ts');

/** How long an example may take. */
const exampleTimeoutMs = 30_000;

// The prelude of the example running now, closed after each test, also one that timed out.
let prelude: Prelude | undefined;
afterEach(async () => {
  await prelude?.close();
  prelude = undefined;
});

describe.each(readmeFiles())('%s', (readme) => {
  const examples = examplesOf(readme);
  if (examples.length === 0) it.skip('has no TypeScript example', () => undefined);
  for (const example of examples) {
    if (example.notRun) {
      it.skip(`example ${example.index} (line ${example.line}) is not run: ${example.notRun}`, () => undefined);
      continue;
    }
    it(`example ${example.index} (line ${example.line}) runs as written`, async () => {
      const started = (prelude = await startPrelude());
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${describeExample(example)} did not finish within ${exampleTimeoutMs / 1000} seconds.`)), exampleTimeoutMs);
      });
      try {
        await Promise.race([import(/* @vite-ignore */ example.path), timeout]);
      } finally {
        clearTimeout(timer);
      }
      // Events and errors still in flight (a listener's onError) get a moment to show.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(started.errors, `${describeExample(example)} wrote to console.error`).toEqual([]);
    });
  }
});

/** A program of every example that runs, with the prelude's globals, resolving as a user's program would. */
function examplesProgram(examples: readonly Example[]): ts.Program {
  const options: ts.CompilerOptions = { ...strictOptions, resolveJsonModule: true };
  const byPath = new Map(examples.map((example) => [resolve(example.path), example]));
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => byPath.has(resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => byPath.get(resolve(file))?.code ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const example = byPath.get(resolve(file));
    return example ? ts.createSourceFile(file, example.code, language, true, ts.ScriptKind.TS) : getSourceFile.call(host, file, language, onError, create);
  };
  // An example's `@platform/*` imports resolve to the workspace packages' sources (as when it runs),
  // its relative imports from its README's folder.
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, containingSourceFile) => {
    const example = byPath.get(resolve(containingFile));
    return literals.map((literal) => {
      const workspace = example ? workspaceSource(literal.text) : undefined;
      if (workspace) return { resolvedModule: { resolvedFileName: workspace, extension: ts.Extension.Ts, isExternalLibraryImport: false } };
      const from = example && /^\.\.?\//.test(literal.text) ? join(readmeFolder(example), 'README.ts') : containingFile;
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      return ts.resolveModuleName(literal.text, from, compilerOptions, host, undefined, redirected, mode);
    });
  };
  return ts.createProgram({ rootNames: [globalsFile, ...byPath.keys()], options, host });
}

describe('the examples', () => {
  it('type-check as written (strict)', () => {
    const examples = allExamples().filter((example) => !example.notRun);
    const program = examplesProgram(examples);
    const byPath = new Map(examples.map((example) => [resolve(example.path), example]));
    const problems: string[] = [];
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const file = diagnostic.file && resolve(diagnostic.file.fileName);
      const example = file ? byPath.get(file) : undefined;
      // Only the examples' own problems count: a package mid-change is its own tests' business.
      if (!example && file !== resolve(globalsFile)) continue;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!example || !diagnostic.file || diagnostic.start === undefined) {
        problems.push(`${file ?? 'the program'}: ${text}`);
        continue;
      }
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      problems.push(`${example.readme}:${example.line + 1 + line}: ${text}`);
    }
    expect(problems).toEqual([]);
  });

  it('find every global they use declared, and the prelude and its declarations agree', async () => {
    const declared = [...readFileSync(globalsFile, 'utf8').matchAll(/^\s*const (\w+):/gm)].map((match) => match[1]).sort();
    prelude = await startPrelude();
    const provided = Object.keys(prelude.values satisfies PreludeValues).sort();
    expect(declared).toEqual(provided);
  });

  it('are found in the READMEs: the root one and those of the packages', () => {
    const readmes = readmeFiles();
    expect(readmes).toContain('README.md');
    expect(readmes).toContain('packages/core/README.md');
    expect(allExamples().filter((example) => example.readme.startsWith('packages/')).length).toBeGreaterThan(10);
    expect(root).toBe(resolve(import.meta.dirname, '../../..'));
  });
});
