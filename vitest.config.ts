import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

// CI asks for a JSON report (to print the closing "N passed, N failed" line) through an
// environment variable, so that it runs exactly the README's `pnpm test`.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    projects,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
