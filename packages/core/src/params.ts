/**
 * Checks one given value against its ParamSpec: what is wrong with it (`must be a number`), or
 * undefined when it is fine. Messages name the parameter and the value around this text.
 */
export type ParamCheck = (spec: ParamSpec, value: unknown) => string | undefined;

/** Splits a call's parameters into one set per request, or gives undefined when one request does. */
export type ParamSplit = (params: Readonly<Record<string, unknown>>, key: string, spec: ParamSpec) => Readonly<Record<string, unknown>>[] | undefined;

/** Where a parameter travels, and whether the call needs it. */
export interface ParamPlace {
  /** Where it travels: in the query string or in the JSON body. */
  readonly in: 'query' | 'body';
  /** The call needs it: without it (or, for a string, with an empty one) nothing is sent. */
  readonly required?: boolean;
}

/** The rules a parameter may have beyond its kind. */
export interface ParamRules {
  /** Numbers: the smallest value allowed, inclusive. */
  readonly min?: number;
  /** Numbers: the largest value allowed, inclusive. */
  readonly max?: number;
  /** Numbers: whole numbers only. */
  readonly integer?: boolean;
  /** Strings: the fewest characters; lists and ID lists: the fewest items. */
  readonly minLength?: number;
  /** Strings: the most characters; lists and ID lists: the most items. */
  readonly maxLength?: number;
  /** Strings and numbers: the values allowed. */
  readonly oneOf?: readonly (string | number)[];
  /**
   * `ids`: the platform's maximum per request; longer lists are split and the results joined. A
   * kind with `splitParams` splits its own list; the values of the parameters whose kind has none
   * are counted together against it, in the order of the declaration.
   */
  readonly chunk?: number;
}

/** What a kind's `type` says when a ParamSpec is read as data. */
export type ParamTypeName = 'string' | 'number' | 'boolean' | 'ids' | 'array' | 'object';

/**
 * A kind of parameter: its name and its check, and for ID lists how a long list is split. A
 * ParamSpec names its kind in `type` (`{ type: numberParam, in: 'query', min: 1 }`), so an
 * operation carries the checks of its own parameters and a bundle holds none that its operations
 * do not use.
 */
export interface ParamKind {
  /** The kind's name, for a ParamSpec read as data. */
  readonly name: ParamTypeName;
  /** Checks a given value against the rules of its ParamSpec. */
  readonly check: ParamCheck;
  /**
   * ID lists with `chunk`: one parameter set per request. Without it, the operation runner counts
   * the values of every parameter of such kinds with `chunk` together, and gives each request its
   * share of them alone.
   */
  readonly splitParams?: ParamSplit;
}

/**
 * A string parameter with no rule beyond `required`: plain data (`{ type: 'string', in: 'query' }`),
 * checked by the operation runner itself.
 */
export interface PlainStringSpec extends ParamPlace, NoRules {
  /** `'string'`: a plain string. */
  readonly type: 'string';
}

type NoRules = { readonly [Rule in keyof ParamRules]?: undefined };

/** A parameter of a kind (`numberParam`, `idsParam`, `stringParam` for a string with rules...). */
export interface KindParamSpec extends ParamPlace, ParamRules {
  /** The parameter's kind (`numberParam`, `idsParam`...), which carries its check. */
  readonly type: ParamKind;
}

/** How a parameter is checked and where it travels. */
export type ParamSpec = PlainStringSpec | KindParamSpec;

/**
 * A string with rules: a length in characters as the platform counts them (code points: an emoji
 * is one; `minLength`, `maxLength`), or `oneOf` its values.
 */
export const stringParam: ParamKind = { name: 'string', check: checkString };

/** A finite number: within `min` to `max`, whole with `integer`, or `oneOf` its values. */
export const numberParam: ParamKind = { name: 'number', check: checkNumber };

/** `true` or `false`. */
export const booleanParam: ParamKind = { name: 'boolean', check: checkBoolean };

/**
 * An ID or a list of IDs (non-empty strings), sent as a repeated query key. With `chunk`, a
 * longer list is split into one request per `chunk` IDs and the results are joined in order.
 */
export const idsParam: ParamKind = { name: 'ids', check: checkIds, splitParams: splitIds };

/** A list (a JSON array in the body), holding `minLength` to `maxLength` items. */
export const arrayParam: ParamKind = { name: 'array', check: checkArray };

/** An object (a JSON object in the body). */
export const objectParam: ParamKind = { name: 'object', check: checkObject };

/**
 * The check of a plain string (an ID, a cursor, a name): the one every operation may need, so the
 * runner holds it. An empty one is refused when the call needs the parameter and wherever it
 * would travel in the query: there it would be sent as `key=`, which the platform reads as a value
 * (an empty `message_id` asks to delete every message). In a body, `''` can mean something (an
 * unset game).
 */
export function checkPlainString(spec: ParamSpec, value: unknown): string | undefined {
  return checkText(spec, value, spec.in === 'query');
}

/** A string; an empty one refused when the call needs it, or when `notEmpty` says so. */
function checkText(spec: ParamSpec, value: unknown, notEmpty?: boolean): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  return value === '' && (spec.required || notEmpty) ? 'must not be empty' : undefined;
}

/**
 * How many characters a text holds as the platform counts them: code points, so an emoji is one
 * (`length` counts it as two).
 */
export function characterCount(text: string): number {
  let count = 0;
  // A high surrogate followed by a low one is one code point; a lone surrogate counts alone.
  for (let index = 0; index < text.length; index++, count++) if ((text.charCodeAt(index) & 0xfc00) === 0xd800 && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) index++;
  return count;
}

function checkString(spec: ParamSpec, value: unknown): string | undefined {
  // A text with rules may be empty where the call does not need it (`description=` clears one).
  return checkText(spec, value) ?? checkLength(spec, characterCount(value as string), 'characters') ?? checkOneOf(spec, value as string);
}

function checkNumber(spec: ParamSpec, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (spec.integer && !Number.isInteger(value)) return 'must be a whole number';
  if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) return `must be ${range(spec.min, spec.max)}`;
  return checkOneOf(spec, value);
}

function checkBoolean(_spec: ParamSpec, value: unknown): string | undefined {
  return typeof value === 'boolean' ? undefined : 'must be true or false';
}

function checkIds(spec: ParamSpec, value: unknown): string | undefined {
  const list = typeof value === 'string' ? [value] : value;
  // Every index is read: `some()` skips the holes of `[, '1']` and `new Array(2)`.
  if (!Array.isArray(list) || !isIdList(list)) return 'must be an ID or a list of IDs (non-empty strings)';
  if (list.length === 0) return 'must hold at least one ID';
  return checkLength(spec, list.length, 'IDs');
}

/** Whether every index of `list` holds a non-empty string (a hole does not). */
export function isIdList(list: readonly unknown[]): boolean {
  for (let index = 0; index < list.length; index++) if (typeof list[index] !== 'string' || list[index] === '') return false;
  return true;
}

function checkArray(spec: ParamSpec, value: unknown): string | undefined {
  return Array.isArray(value) ? checkLength(spec, value.length, 'items') : 'must be a list';
}

function checkObject(_spec: ParamSpec, value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'must be an object';
}

function checkLength(spec: ParamSpec, length: number, unit: string): string | undefined {
  if ((spec.minLength !== undefined && length < spec.minLength) || (spec.maxLength !== undefined && length > spec.maxLength)) {
    return `must hold ${range(spec.minLength, spec.maxLength)} ${unit}`;
  }
  return undefined;
}

function checkOneOf(spec: ParamSpec, value: string | number): string | undefined {
  return spec.oneOf && !spec.oneOf.includes(value) ? `must be one of ${spec.oneOf.map((item) => JSON.stringify(item)).join(', ')}` : undefined;
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${String(max)}`;
}

/** Splits a call's parameters into one set per `chunk` IDs of `key` (undefined when the list fits in one). */
function splitIds(params: Readonly<Record<string, unknown>>, key: string, spec: ParamSpec): Readonly<Record<string, unknown>>[] | undefined {
  const value = params[key];
  const size = spec.chunk;
  if (size === undefined || !Array.isArray(value) || value.length <= size) return undefined;
  const sets: Readonly<Record<string, unknown>>[] = [];
  for (let start = 0; start < value.length; start += size) sets.push({ ...params, [key]: value.slice(start, start + size) });
  return sets;
}
