/** The vitest projects of the workspace: every package and app with a vitest.config.ts. */
export const projects = ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'examples/vitest.config.ts'];
