import { readFileSync } from 'node:fs';
import type { Difference } from './compare.ts';

/**
 * A difference known and accepted. `subject` and `field` name it as the report does; when
 * `reference` or `declared` are given they must equal the report's values too, so that a change
 * of the reference's line makes the difference count again.
 */
export interface KnownDifference {
  /** The operation (`chat.send`, or `METHOD /path`) or the event type (`type@version`). */
  readonly subject: string;
  /** The field, as the report names it (`token`, `param first: max`...); `*` stands for any text. */
  readonly field: string;
  /** The reference's value, as the report shows it. */
  readonly reference?: string;
  /** The declared value, as the report shows it. */
  readonly declared?: string;
  /** Why the difference is kept. */
  readonly reason: string;
}

/** A list of known differences read from JSON: `{ "differences": [...] }`. */
export interface KnownList {
  /** The file it was read from. */
  readonly file: string;
  /** Its entries. */
  readonly entries: readonly KnownDifference[];
}

/** Reads a list of known differences; every entry needs a subject, a field and a reason. */
export function readKnownList(file: string): KnownList {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { differences?: unknown };
  if (!Array.isArray(parsed.differences)) throw new Error(`${file} holds no "differences" list.`);
  const entries = parsed.differences as KnownDifference[];
  entries.forEach((entry, index) => {
    for (const key of ['subject', 'field', 'reason'] as const) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '') throw new Error(`${file}: entry ${index + 1} has no "${key}".`);
    }
  });
  return { file, entries };
}

/** A field pattern: `*` stands for any text (`param *: max`), everything else is literal. */
function glob(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** Whether a known difference covers a difference. */
export function covers(entry: KnownDifference, difference: Difference): boolean {
  return (
    entry.subject === difference.subject &&
    glob(entry.field).test(difference.field) &&
    (entry.reference === undefined || entry.reference === difference.reference) &&
    (entry.declared === undefined || entry.declared === difference.declared)
  );
}
