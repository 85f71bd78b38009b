import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventSamples, eventSubTypes } from '../src/eventsub/catalog';
import { findType, newestVersion, scopeGroups } from '../src/eventsub/registry';

// The catalog is a copy of the monorepo's shared reference (registry + fixtures), embedded in the
// package so that it works from its sources, its build and an installed copy alike. This test
// keeps the copy in step: it regenerates the module text and compares it with the file, so
// `vitest run --project mock -u` rewrites the file after the reference changes. Where the shared
// folder is absent (an installed copy, another checkout layout) there is nothing to compare with.
const shared = process.env.PLATFORM_SHARED_DIR ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const registryFile = join(shared, 'reference/eventsub-registry.json');
const fixturesDir = join(shared, 'fixtures/eventsub');

interface RegistryJson {
  types: {
    type: string;
    version: string;
    condition: { required: string[]; optional: string[] };
    scopes_any_of: string[];
    transports: string[];
    status: string;
    batched: boolean;
    fixture: string;
  }[];
}

function catalogSource(): string {
  const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as RegistryJson;
  const types = registry.types.map((entry) =>
    JSON.stringify({
      type: entry.type,
      version: entry.version,
      required: entry.condition.required,
      optional: entry.condition.optional,
      scopes: entry.scopes_any_of,
      transports: entry.transports,
      status: entry.status,
      batched: entry.batched,
    }),
  );
  const samples = registry.types.map((entry) => {
    const fixture = JSON.parse(readFileSync(join(fixturesDir, entry.fixture), 'utf8')) as Record<string, unknown>;
    const sample = fixture.events === undefined ? { event: fixture.event } : { events: fixture.events };
    return `  ${JSON.stringify(`${entry.type}@${entry.version}`)}: ${JSON.stringify(sample)},`;
  });
  return [
    '// Generated from the shared EventSub registry and fixtures by test/eventsub-catalog.test.ts',
    '// (`pnpm exec vitest run --project mock -u` rewrites it). Do not edit by hand.',
    "import type { EventSample, EventSubType } from './model';",
    '',
    '/** Every type and version the fake platform offers. */',
    'export const eventSubTypes: readonly EventSubType[] = [',
    ...types.map((line) => `  ${line},`),
    '];',
    '',
    '/** The sample payload of each type, keyed `type@version`: the `event` (or `events`) of its fixture. */',
    'export const eventSamples: Readonly<Record<string, EventSample>> = {',
    ...samples,
    '};',
    '',
  ].join('\n');
}

describe.skipIf(!existsSync(registryFile))('the embedded EventSub catalog', () => {
  it('matches the shared registry and fixtures', async () => {
    await expect(catalogSource()).toMatchFileSnapshot('../src/eventsub/catalog.ts');
  });

  it('has a sample for every fixture file of a type', () => {
    const files = readdirSync(fixturesDir).filter((name) => name.endsWith('.json'));
    expect(Object.keys(eventSamples).map((key) => `${key}.json`).sort()).toEqual(files.sort());
  });
});

describe('the registry lookups', () => {
  it('finds the newest version of a plain name', () => {
    expect(newestVersion('channel.moderate')?.version).toBe('2');
    expect(newestVersion('channel.guest_star_session.begin')?.version).toBe('beta');
    expect(newestVersion('no.such.type')).toBeUndefined();
    expect(findType('channel.follow', '1')).toBeUndefined();
    expect(eventSubTypes.length).toBeGreaterThan(80);
  });

  it('asks channel.moderate for one scope of each read/manage pair, and any one scope elsewhere', () => {
    const moderate = scopeGroups(findType('channel.moderate', '1')!);
    expect(moderate).toContainEqual(['moderator:read:blocked_terms', 'moderator:manage:blocked_terms']);
    expect(moderate).toContainEqual(['moderator:read:vips']);
    expect(scopeGroups(findType('channel.poll.begin', '1')!)).toEqual([['channel:read:polls', 'channel:manage:polls']]);
    expect(scopeGroups(findType('stream.online', '1')!)).toEqual([]);
  });
});
