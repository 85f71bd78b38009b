import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mergeConfig } from 'vitest/config';
import { packageProject } from '../../vitest.shared.ts';
import { allExamples, exampleAt, readmeFolder, virtualDir, workspaceSource } from './src/readmes.ts';

// Each README example is served as a module at a path under virtual/ (nothing is written to disk).
// Its `@platform/*` imports resolve to the workspace packages' sources, other bare imports through
// this app's dependencies, relative ones from the README's folder.
export default mergeConfig(packageProject('readme-examples', { testTimeout: 60_000, hookTimeout: 60_000 }), {
  plugins: [
    {
      name: 'readme-examples',
      enforce: 'pre' as const,
      resolveId(source: string, importer: string | undefined) {
        if (source.startsWith(virtualDir)) return source;
        if (importer?.startsWith(virtualDir)) {
          const workspace = workspaceSource(source);
          if (workspace) return workspace;
        }
        if (importer?.startsWith(virtualDir) && /^\.\.?\//.test(source)) {
          const example = exampleAt(importer);
          const target = example && resolve(readmeFolder(example), source);
          if (target && existsSync(target)) return target;
        }
        return undefined;
      },
      load(id: string) {
        return id.startsWith(virtualDir) ? exampleAt(id, allExamples())?.code : undefined;
      },
    },
  ],
});
