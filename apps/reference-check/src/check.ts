import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { covers, type KnownDifference, type KnownList } from './allow.ts';
import { compareEventTypes, compareOperations, type Comparison, type Difference } from './compare.ts';
import { loadCatalogue, loadDeclarations, loadPayloadFields, type DeclaredEventType, type DeclaredOperation } from './declarations.ts';
import { parseEventSub, type ReferenceEventType } from './eventsub.ts';
import { parseReference, parseScopes, type ReferenceOperation } from './reference.ts';

/** The reference text of a directory in the format of `../shared/reference/official/`. */
export interface ReferenceText {
  /** Every HTTP operation of `reference.md`. */
  readonly operations: ReferenceOperation[];
  /** Every EventSub type and version of `eventsub-subscription-types.md`, with `eventsub-reference.md`'s fields. */
  readonly eventTypes: ReferenceEventType[];
}

/** What the code declares: the operations, the catalogue and the payload fields. */
export interface Declared {
  /** Every operation declaration. */
  readonly operations: DeclaredOperation[];
  /** Every type and version of the catalogue with its payload fields. */
  readonly eventTypes: DeclaredEventType[];
}

/** A difference and what the lists say of it. */
export interface Classified extends Difference {
  /** `new` (fails the check) or `allowed` (allow.json). */
  readonly status: 'new' | 'allowed';
  /** The matching entry's reason. */
  readonly reason?: string;
}

/** The outcome of a check. */
export interface CheckResult extends Omit<Comparison, 'differences'> {
  /** Every difference with its status. */
  readonly differences: Classified[];
  /** Entries of the lists that matched no difference (each fails the check: the list is stale). */
  readonly stale: (KnownDifference & { file: string })[];
  /** Whether the check passes: no new difference and no stale entry. */
  readonly ok: boolean;
}

/** Reads the reference text of a directory (`reference.md`, the two EventSub files, `scopes.md`). */
export function readReference(directory: string): ReferenceText {
  const read = (name: string) => {
    const file = join(directory, name);
    if (!existsSync(file)) throw new Error(`${file} does not exist: the directory must hold the reference text (reference.md, eventsub-subscription-types.md, eventsub-reference.md, scopes.md).`);
    return readFileSync(file, 'utf8');
  };
  const scopes = parseScopes(read('scopes.md'));
  return {
    operations: parseReference(read('reference.md'), scopes),
    eventTypes: parseEventSub(read('eventsub-subscription-types.md'), read('eventsub-reference.md')),
  };
}

let declared: Promise<Declared> | undefined;

/** Loads the declarations, the catalogue and the payload fields once per process. */
export function loadDeclared(): Promise<Declared> {
  declared ??= (async () => {
    const [operations, catalogue] = await Promise.all([loadDeclarations(), loadCatalogue()]);
    const payloads = loadPayloadFields();
    const eventTypes = catalogue.map((info) => {
      const fields = payloads.get(`${info.type}@${info.version}`) ?? { top: [], all: [] };
      return { ...info, topFields: fields.top, allFields: fields.all };
    });
    return { operations, eventTypes };
  })();
  return declared;
}

/** Compares a reference text with the declarations and classifies each difference by the allow-list. */
export function check(reference: ReferenceText, code: Declared, lists: { allow?: KnownList }): CheckResult {
  const operations = compareOperations(reference.operations, code.operations);
  const events = compareEventTypes(reference.eventTypes, code.eventTypes);
  const used = new Set<KnownDifference>();
  const classify = (difference: Difference): Classified => {
    const allowed = lists.allow?.entries.find((entry) => covers(entry, difference));
    if (allowed) {
      used.add(allowed);
      return { ...difference, status: 'allowed', reason: allowed.reason };
    }
    return { ...difference, status: 'new' };
  };
  const differences = [...operations.differences, ...events.differences].map(classify);
  const stale = [lists.allow].flatMap((list) => (list ? list.entries.filter((entry) => !used.has(entry)).map((entry) => ({ ...entry, file: list.file })) : []));
  return {
    differences,
    stale,
    ok: stale.length === 0 && differences.every((difference) => difference.status !== 'new'),
    matchedOperations: operations.matchedOperations,
    referenceOperations: reference.operations.length,
    declaredOperations: code.operations.length,
    matchedEventTypes: events.matchedEventTypes,
    referenceEventTypes: reference.eventTypes.length,
    declaredEventTypes: code.eventTypes.length,
    names: operations.names,
  };
}
