import ts from 'typescript';

/**
 * The compiler options both type checks use: strict, resolving as a user's bundled program would,
 * the workspace's packages to their sources (the `@platform/source` condition, as in every test
 * of the repository).
 */
export const strictOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['@platform/source'],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  moduleDetection: ts.ModuleDetectionKind.Force,
  allowImportingTsExtensions: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
};
