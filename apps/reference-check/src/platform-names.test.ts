import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReference } from './check.ts';
import { defaultReferenceDirectory, repositoryRoot } from './paths.ts';

// Every operation's doc comment names the platform's operation (`@platformName Send Chat Message`),
// so that the API reference's search finds `chat.send` by the platform's own name. The name must be
// the reference's heading of the operation with the same method and path.

/** Each operation file of the packages: its declared method and path, and the `@platformName` it gives. */
function declaredFiles(): { file: string; method: string; path: string; platformName: string | undefined }[] {
  const files: { file: string; method: string; path: string; platformName: string | undefined }[] = [];
  const packages = join(repositoryRoot, 'packages');
  for (const name of readdirSync(packages)) {
    const folder = join(packages, name, 'src', 'operations');
    let entries: string[];
    try {
      entries = readdirSync(folder).filter((entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts'));
    } catch {
      continue;
    }
    for (const entry of entries) {
      const text = readFileSync(join(folder, entry), 'utf8');
      const method = /\bmethod: '([A-Z]+)'/.exec(text)?.[1];
      const path = /\bpath: '([^']+)'/.exec(text)?.[1];
      if (!method || !path) continue;
      files.push({ file: `${name}/src/operations/${entry}`, method, path, platformName: /@platformName (.+)$/m.exec(text)?.[1]?.trim() });
    }
  }
  return files;
}

describe('@platformName of every operation', () => {
  it('is the reference heading of the operation with the same method and path', () => {
    const { operations } = readReference(defaultReferenceDirectory);
    const files = declaredFiles();
    expect(files.length).toBeGreaterThan(140);
    const wrong: string[] = [];
    for (const { file, method, path, platformName } of files) {
      const matches = operations.filter((operation) => operation.path === path && (operation.method === method || operation.method === ''));
      const expected = matches.map((operation) => operation.name);
      if (platformName === undefined || !expected.includes(platformName)) wrong.push(`${file}: ${String(platformName)} (reference: ${expected.join(' or ') || 'none'})`);
    }
    expect(wrong).toEqual([]);
  });
});
