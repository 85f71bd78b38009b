import type { DeclaredEventType, DeclaredOperation, DeclaredParam } from './declarations.ts';
import type { ReferenceEventType } from './eventsub.ts';
import { API_BASE, nestBodyFields, type ReferenceOperation, type ReferenceParam } from './reference.ts';

/** One thing the reference says otherwise than the declarations or the catalogue. */
export interface Difference {
  /** `operation` (an HTTP operation) or `event` (an EventSub type and version). */
  readonly kind: 'operation' | 'event';
  /**
   * What differs: the declared name (`chat.send`), `METHOD /path` for an operation nobody
   * declares, or `type@version` for an event type.
   */
  readonly subject: string;
  /**
   * The field that differs: `missing`, `extra`, `method`, `url`, `token`, `scopes`,
   * `param <name>: missing|extra|placement|required|min|max|type|values`,
   * `condition <name>: missing|extra|required`, `payload <name>: missing|extra`.
   */
  readonly field: string;
  /** What the reference says. */
  readonly reference: string;
  /** What the declaration or the catalogue says. */
  readonly declared: string;
  /** Where the reference says it (`reference.md:3088 Send Chat Message`). */
  readonly where: string;
}

/** What was matched, for the report's counts. */
export interface Comparison {
  /** The differences, in the order of the reference. */
  readonly differences: Difference[];
  /** Operations found on both sides (by method and path). */
  readonly matchedOperations: number;
  /** Operations of the reference. */
  readonly referenceOperations: number;
  /** Operations declared. */
  readonly declaredOperations: number;
  /** Event types and versions found on both sides. */
  readonly matchedEventTypes: number;
  /** Event types and versions of the reference. */
  readonly referenceEventTypes: number;
  /** Event types and versions of the catalogue. */
  readonly declaredEventTypes: number;
  /** Each declared operation's reference name and place, for the report's headings. */
  readonly names: ReadonlyMap<string, string>;
}

/** The kind a reference type means (`Integer` is a number, `String[]` a list...). */
export function kindOfType(type: string, repeated: boolean): string {
  const plain = type.trim().toLowerCase();
  if (/^(integer|int|int64|int32|number|float|double|unsigned integer)$/.test(plain)) return 'number';
  if (/^(boolean|bool)$/.test(plain)) return 'boolean';
  if (/^string$/.test(plain)) return repeated ? 'ids' : 'string';
  if (/\[\]$/.test(plain)) return /^string\[\]$/.test(plain) ? 'ids' : 'array';
  if (/^(object|map\[.*)/.test(plain)) return 'object';
  return plain;
}

/** Whether a declared kind serves the reference's kind. */
function kindsAgree(reference: string, declared: string): boolean {
  if (reference === declared) return true;
  // A list of strings in the body travels as a JSON array, whichever kind checks it.
  if (reference === 'ids' && declared === 'array') return true;
  return false;
}

/** A value as the report shows it. */
type Shown = string | number | readonly string[] | undefined;

function show(value: Shown): string {
  if (value === undefined) return 'none';
  if (typeof value === 'object') return value.length === 0 ? 'none' : value.join(', ');
  return String(value);
}

/** The declared bounds, whatever rule carries them (`max` for a value, `maxLength` or `chunk` for a size). */
function declaredBounds(param: DeclaredParam): { min?: number; max?: number } {
  const min = param.min ?? param.minLength;
  const max = param.max ?? param.maxLength ?? param.chunk;
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

function compareParams(reference: ReferenceOperation, declared: DeclaredOperation, push: (field: string, ref: Shown, decl: Shown, line: number) => void): void {
  const declaredByName = new Map(declared.params.map((param) => [param.name, param]));
  let params = nestBodyFields(reference.params, new Set(declaredByName.keys()));
  // `{ data: { ... } }` bodies: the reference lists the `data` object and its fields; the
  // declaration lists the fields and says they travel inside `data`.
  if (declared.bodyWrap === 'data') {
    params = params
      .filter((param) => !(param.in === 'body' && param.name === 'data' && param.parent === undefined))
      .map((param): ReferenceParam => (param.parent === 'data' ? { ...param, parent: undefined } : param));
  }
  const top = params.filter((param) => param.parent === undefined);
  const seen = new Set<string>();
  for (const param of top) {
    if (seen.has(param.name)) continue;
    seen.add(param.name);
    const mine = declaredByName.get(param.name);
    if (!mine) {
      push(`param ${param.name}: missing`, `${param.in}, ${param.type}${param.required ? ', required' : ''}`, 'not declared', param.line);
      continue;
    }
    if (mine.in !== param.in) push(`param ${param.name}: placement`, param.in, mine.in, param.line);
    // The acting-user field is filled in from the token when unset: not required by the call.
    const actingUser = declared.actingUser === param.name && !mine.required;
    if (param.required !== undefined && param.required !== mine.required && !actingUser) push(`param ${param.name}: required`, param.required ? 'yes' : 'no', mine.required ? 'yes' : 'no', param.line);
    const referenceKind = kindOfType(param.type, param.repeated);
    if (param.type && !kindsAgree(referenceKind, mine.kind)) push(`param ${param.name}: type`, `${param.type}${param.repeated ? ' (repeated)' : ''}`, mine.kind, param.line);
    if (mine.kind !== 'boolean') {
      const bounds = declaredBounds(mine);
      // A lower bound of 0 or 1 the reference leaves unsaid (no negative delay, no empty title,
      // no page of 0 items) is the value's nature, not a difference.
      const naturalMin = param.limits.min === undefined && (bounds.min === 0 || bounds.min === 1);
      if (param.limits.min !== bounds.min && !naturalMin && (param.limits.min !== undefined || bounds.min !== undefined)) push(`param ${param.name}: min`, param.limits.min, bounds.min, param.line);
      if (param.limits.max !== bounds.max && (param.limits.max !== undefined || bounds.max !== undefined)) push(`param ${param.name}: max`, param.limits.max, bounds.max, param.line);
    }
    const absent = (mine.oneOf ?? []).filter((value) => !param.description.includes(String(value)));
    if (absent.length > 0) push(`param ${param.name}: values`, 'does not name them', absent.map((value) => JSON.stringify(value)).join(', '), param.line);
  }
  for (const mine of declared.params) {
    if (!seen.has(mine.name)) push(`param ${mine.name}: extra`, 'not in the reference', `${mine.in}, ${mine.kind}${mine.required ? ', required' : ''}`, reference.line);
  }
}

/** Compares the reference's operations with the declarations. */
export function compareOperations(reference: readonly ReferenceOperation[], declared: readonly DeclaredOperation[]): Pick<Comparison, 'differences' | 'matchedOperations' | 'names'> {
  const differences: Difference[] = [];
  const names = new Map<string, string>();
  const byKey = new Map(declared.map((operation) => [`${operation.method} ${operation.path}`, operation]));
  const matched = new Set<DeclaredOperation>();
  const unmatched: ReferenceOperation[] = [];
  for (const operation of reference) {
    // A page that gives the URL without its method is matched by the path alone.
    const samePath = operation.method ? [] : declared.filter((candidate) => candidate.path === operation.path);
    const mine = operation.method ? byKey.get(`${operation.method} ${operation.path}`) : samePath.length === 1 ? samePath[0] : undefined;
    if (!mine) {
      unmatched.push(operation);
      continue;
    }
    matched.add(mine);
    names.set(mine.name, `${operation.method || mine.method} ${operation.path}, ${operation.name}, reference.md:${operation.line}`);
    if (!operation.method) differences.push({ kind: 'operation', subject: mine.name, field: 'method', reference: 'not stated', declared: mine.method, where: `reference.md:${operation.line} ${operation.name}` });
    compareOne(operation, mine, differences);
  }
  let matchedCount = matched.size;
  // An operation on the same path with another method: one difference of method, not two.
  for (const operation of unmatched) {
    const where = `reference.md:${operation.line} ${operation.name}`;
    const samePath = declared.filter((mine) => !matched.has(mine) && mine.path === operation.path);
    const sameReferencePath = unmatched.filter((other) => other.path === operation.path);
    if (samePath.length === 1 && sameReferencePath.length === 1) {
      const mine = samePath[0]!;
      matched.add(mine);
      matchedCount++;
      names.set(mine.name, `${operation.method} ${operation.path}, ${operation.name}, reference.md:${operation.line}`);
      differences.push({ kind: 'operation', subject: mine.name, field: 'method', reference: operation.method, declared: mine.method, where });
      compareOne(operation, mine, differences);
      continue;
    }
    differences.push({ kind: 'operation', subject: `${operation.method || 'ANY'} ${operation.path}`, field: 'missing', reference: `${operation.name} (${`${operation.method} `.trimStart()}${operation.url})`, declared: 'not declared', where });
  }
  for (const mine of declared) {
    if (!matched.has(mine)) differences.push({ kind: 'operation', subject: mine.name, field: 'extra', reference: 'not in the reference', declared: `${mine.method} ${mine.path} (${mine.packageName})`, where: 'reference.md' });
  }
  return { differences, matchedOperations: matchedCount, names };
}

function compareOne(operation: ReferenceOperation, mine: DeclaredOperation, differences: Difference[]): void {
  const push = (field: string, ref: Shown, decl: Shown, line: number) =>
    differences.push({ kind: 'operation', subject: mine.name, field, reference: show(ref), declared: show(decl), where: `reference.md:${line} ${operation.name}` });
  if (!operation.url.startsWith(`${API_BASE}/`)) push('url', operation.url, `${API_BASE}${mine.path}`, operation.line);
  if (operation.token === undefined) push('token', 'not stated', mine.token, operation.line);
  else if (operation.token !== mine.token) push('token', operation.token, mine.token, operation.line);
  const referenceScopes = [...operation.scopes].sort();
  const declaredScopes = [...mine.scopes].sort();
  if (referenceScopes.join(' ') !== declaredScopes.join(' ')) push('scopes', operation.scopes, mine.scopes, operation.line);
  compareParams(operation, mine, push);
}

/** Compares the reference's EventSub types with the catalogue and the payload types. */
export function compareEventTypes(reference: readonly ReferenceEventType[], declared: readonly DeclaredEventType[]): Pick<Comparison, 'differences' | 'matchedEventTypes'> {
  const differences: Difference[] = [];
  const byName = new Map(declared.map((type) => [`${type.type}@${type.version}`, type]));
  const seen = new Set<string>();
  for (const type of reference) {
    const name = `${type.type}@${type.version}`;
    const where = `eventsub-subscription-types.md:${type.line} ${type.title}`;
    const mine = byName.get(name);
    if (!mine) {
      differences.push({ kind: 'event', subject: name, field: 'missing', reference: `${type.title} (${type.type} version ${type.version})`, declared: 'not in the catalogue', where });
      continue;
    }
    seen.add(name);
    const push = (field: string, ref: Shown, decl: Shown, source: string) => differences.push({ kind: 'event', subject: name, field, reference: show(ref), declared: show(decl), where: source });
    if (type.condition) {
      const declaredKeys = new Set([...mine.required, ...mine.optional]);
      const referenceKeys = new Set(type.condition.fields.map((field) => field.name));
      for (const field of type.condition.fields) {
        if (!declaredKeys.has(field.name)) push(`condition ${field.name}: missing`, field.required ? 'required' : 'optional', 'not in the catalogue', type.condition.source);
        else if (type.condition.requiredKnown && field.required !== mine.required.includes(field.name)) push(`condition ${field.name}: required`, field.required ? 'yes' : 'no', mine.required.includes(field.name) ? 'yes' : 'no', type.condition.source);
      }
      for (const key of declaredKeys) if (!referenceKeys.has(key)) push(`condition ${key}: extra`, 'not in the reference', mine.required.includes(key) ? 'required' : 'optional', type.condition.source);
    }
    if (type.payload) {
      const all = new Set(mine.allFields);
      const listed = new Set(type.payload.fields);
      for (const field of type.payload.fields) if (!all.has(field)) push(`payload ${field}: missing`, 'listed', 'not in the event type', type.payload.source);
      for (const field of mine.topFields) if (!listed.has(field)) push(`payload ${field}: extra`, 'not listed', 'in the event type', type.payload.source);
    }
  }
  for (const mine of declared) {
    const name = `${mine.type}@${mine.version}`;
    if (!seen.has(name)) differences.push({ kind: 'event', subject: name, field: 'extra', reference: 'not in the reference', declared: 'in the catalogue', where: 'eventsub-subscription-types.md' });
  }
  return { differences, matchedEventTypes: seen.size };
}
