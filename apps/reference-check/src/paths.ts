import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's folder (`apps/reference-check`). */
export const appDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's root. */
export const repositoryRoot = resolve(appDirectory, '../..');

/**
 * Where CI and a clean clone find the reference text: `../shared/reference/official` beside the
 * repository (the shared folder is laid beside every clone).
 */
export const defaultReferenceDirectory = resolve(repositoryRoot, '../shared/reference/official');
