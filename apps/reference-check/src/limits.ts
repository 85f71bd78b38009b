/**
 * The limits a parameter's description states in words: "The minimum page size is 1 item per page
 * and the maximum is 100", "You may specify a maximum of 100 IDs", "between 1 and 6", "30 through
 * 1380", "Minimum: 30. Maximum: 1800.", "The default is 20". Values keep their unit out: for a
 * number they bound the value, for a string its length, for a list its size (the comparer knows
 * which from the declared kind).
 */
export interface StatedLimits {
  /** The smallest value, length or size stated. */
  readonly min?: number;
  /** The largest value, length or size stated. */
  readonly max?: number;
  /** The default stated (shown in the report, not compared: declarations carry none). */
  readonly default?: string;
}

const NUMBER = String.raw`(\d[\d,]*(?:\.\d+)?)`;

/** A number as the pages write it (`1,000`, `1,209,600`, `0.1`). */
function numberOf(text: string): number {
  return Number(text.replace(/,/g, ''));
}

/** Sentences that speak of the answer rather than the parameter, left out of the search. */
function withoutAnswerSentences(text: string): string {
  return text
    .replace(/NOTE: While you may specify a maximum value of[^.]*\./gi, ' ')
    .replace(/The response (?:contains|will contain|includes)[^.]*\./gi, ' ')
    .replace(/(?:Each|The) tag is limited to[^.]*\./gi, ' ');
}

const MAX_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\bbetween\s+${NUMBER}\s+and\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`${NUMBER}\s*(?:\([^)]*\)\s*)?through\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\brange\s+from\s+${NUMBER}\s+to\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bfrom\s+${NUMBER}\s*-\s*${NUMBER}\b`, 'i'),
];

const MAX_ONLY: readonly RegExp[] = [
  new RegExp(String.raw`\bmaximum (?:number of [a-z ]+? (?:that )?you (?:may|can) specify is|[a-z ]*?\bis)\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bmaximum of\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bMax(?:imum)?:?\s+${NUMBER}`, 'i'),
];

const MIN_ONLY: readonly RegExp[] = [
  new RegExp(String.raw`\bminimum (?:page size |count |value |delay |timeout )?is\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bminimum of\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bMin(?:imum)?:\s+${NUMBER}`, 'i'),
  new RegExp(String.raw`\bmust (?:contain|include|hold) at least (one|${NUMBER})\b`, 'i'),
];

const DEFAULT_PATTERNS: readonly RegExp[] = [
  /\bThe default (?:value )?is\s+`?([^`.\s]+(?:\s+(?:seconds|items))?)`?/i,
  /\bDefaults? to\s+`?([^`.\s]+)`?/i,
  /\bDefault:\s+`?([^`.\s]+)`?/i,
];

/** The limits a description states; an empty object when it states none. */
export function statedLimits(description: string): StatedLimits {
  const text = withoutAnswerSentences(description);
  let min: number | undefined;
  let max: number | undefined;
  for (const pattern of MAX_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      min = numberOf(match[1]!);
      max = numberOf(match[2]!);
      break;
    }
  }
  if (max === undefined) {
    let first: { index: number; value: number } | undefined;
    for (const pattern of MAX_ONLY) {
      const match = pattern.exec(text);
      if (match && (!first || match.index < first.index)) first = { index: match.index, value: numberOf(match[1]!) };
    }
    max = first?.value;
  }
  if (min === undefined) {
    for (const pattern of MIN_ONLY) {
      const match = pattern.exec(text);
      if (match) {
        min = match[1] === 'one' ? 1 : numberOf(match[1]!);
        break;
      }
    }
  }
  // A size in kilobytes (`a maximum of 5 KB`) is counted in characters of one byte.
  if (max !== undefined && new RegExp(String.raw`${NUMBER}\s*KB\b`).test(text)) max *= 1024;
  let stated: string | undefined;
  for (const pattern of DEFAULT_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      stated = match[1]!.replace(/[“”"]/g, '');
      break;
    }
  }
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }), ...(stated !== undefined && { default: stated }) };
}

/**
 * Whether the description says the parameter repeats in the query (`id=1234&id=5678`, "include
 * this parameter for each..."): a list of IDs.
 */
export function isRepeated(name: string, description: string): boolean {
  return (
    new RegExp(String.raw`\b${name}=[^&\s]*&${name}=`).test(description) ||
    /\b(?:include|specify) (?:this|the \w+) parameter for each\b/i.test(description) ||
    /\binclude the ID of each\b/i.test(description)
  );
}
