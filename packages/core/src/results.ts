import { PlatformError } from './errors/platform-error';
import type { ApiAnswer } from './pipeline';

/** What a result kind is called when a declaration is read as data. */
export type ResultKindName = 'void' | 'first' | 'first-or-null' | 'data' | 'envelope' | 'page' | 'text';

/**
 * How an operation's answers (one per chunk of a long ID list, in order) become its result. An
 * operation names its kind in `result` (`result: envelopeResult`), so a bundle holds only the
 * shapes of the operations it imports.
 */
export interface ResultKind {
  /** The kind's name, for a declaration read as data. */
  readonly name: ResultKindName;
  /**
   * Makes the result of the answers; the pipeline calls it.
   * @internal
   */
  readonly shape: (answers: readonly ApiAnswer[], operation: { readonly method: string; readonly path: string }) => unknown;
}

/** Nothing: the platform answers 204. */
export const voidResult: ResultKind = { name: 'void', shape: () => undefined };

/** `data[0]`; an empty list is an error (`<METHOD> <path> returned no data.`). */
export const firstResult: ResultKind = {
  name: 'first',
  shape: (answers, operation) => {
    const item = answers.flatMap(dataOf)[0];
    if (item === undefined) throw new PlatformError(`${operation.method} ${operation.path} returned no data.`);
    return item;
  },
};

/** `data[0]`, or null when the list is empty. */
export const firstOrNullResult: ResultKind = { name: 'first-or-null', shape: (answers) => answers.flatMap(dataOf)[0] ?? null };

/** The `data` list, the chunks' lists joined in order. */
export const dataResult: ResultKind = { name: 'data', shape: (answers) => answers.flatMap(dataOf) };

/** The whole answer (`data` and fields such as `template`), the chunks' lists joined in `data`. */
export const envelopeResult: ResultKind = { name: 'envelope', shape: envelope };

/** A list read page by page: `paginateOperation()` makes it a paginator (a direct call gets the envelope). */
export const pageResult: ResultKind = { name: 'page', shape: envelope };

/**
 * The body as the text it is ('' when empty), not parsed as JSON: an operation with this kind
 * gets its 2xx answer's text from the pipeline (the schedule's iCalendar). An error answer is read
 * as usual.
 */
export const textResult: ResultKind = { name: 'text', shape: (answers) => answers[0]!.data };


/** The `data` list of an answer, or an empty one when it has none. */
export function dataOf(answer: ApiAnswer): unknown[] {
  const data = (answer.data as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data : [];
}

function envelope(answers: readonly ApiAnswer[]): unknown {
  const first = (answers[0]!.data ?? {}) as Record<string, unknown>;
  return answers.length === 1 ? first : { ...first, data: answers.flatMap(dataOf) };
}
