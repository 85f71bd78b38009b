import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

// CI asks for a JSON report (to print the closing "N passed, N failed" line) through an
// environment variable, so that it runs exactly the README's `pnpm test`.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    projects,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    // Many tests wait on sockets, child processes, Redis and a browser: one worker more than the
    // machine has cores keeps them busy (vitest's default, one fewer, left half of a 2-core machine idle).
    maxWorkers: availableParallelism() + 1,
    // The transformed sources are kept in node_modules/.vitest-cache, so CI's second and third
    // runs (Node 22 and 24) and a developer's reruns skip the transform.
    experimental: { fsModuleCache: true },
  },
});
