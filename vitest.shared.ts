import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * The settings every package's vitest project shares. Workspace packages resolve to their
 * TypeScript sources through the `@platform/source` export condition, so tests need no build.
 */
export function packageProject(name: string, extra: UserWorkspaceConfig['test'] = {}) {
  return defineProject({
    resolve: { conditions: ['@platform/source'] },
    ssr: { resolve: { conditions: ['@platform/source'] } },
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // CI runs the type tests once, with Node 20's run: their outcome does not depend on the runtime.
      typecheck: { enabled: process.env.VITEST_TYPE_TESTS !== 'off', include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
      testTimeout: 20_000,
      ...extra,
    },
  });
}
