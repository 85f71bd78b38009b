import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { EventSubTypeInfo } from '@platform/eventsub';
import ts from 'typescript';

/** A parameter of a declaration, read as data. */
export interface DeclaredParam {
  /** The name. */
  readonly name: string;
  /** Where it travels. */
  readonly in: 'query' | 'body';
  /** The kind's name (`string`, `number`, `boolean`, `ids`, `array`, `object`). */
  readonly kind: string;
  /** Whether the call needs it. */
  readonly required: boolean;
  /** The smallest value (numbers, and kinds that bound a value written as a string). */
  readonly min?: number;
  /** The largest value. */
  readonly max?: number;
  /** The fewest characters or items. */
  readonly minLength?: number;
  /** The most characters or items. */
  readonly maxLength?: number;
  /** The platform's maximum of IDs per request (longer lists are split). */
  readonly chunk?: number;
  /** The values allowed. */
  readonly oneOf?: readonly (string | number)[];
}

/** An operation declaration, read as data. */
export interface DeclaredOperation {
  /** `group.operation`. */
  readonly name: string;
  /** The package that declares it (`api-chat`). */
  readonly packageName: string;
  /** The HTTP method. */
  readonly method: string;
  /** The path under the base address. */
  readonly path: string;
  /** The token kinds. */
  readonly token: string;
  /** The scopes, one of which suffices. */
  readonly scopes: readonly string[];
  /** The parameter naming the acting user. */
  readonly actingUser?: string;
  /** `data`: body parameters travel as `{ data: { ... } }`. */
  readonly bodyWrap?: string;
  /** The parameters. */
  readonly params: readonly DeclaredParam[];
}

/** One EventSub type and version of the catalogue (its name, version and condition keys), with its payload's fields. */
export interface DeclaredEventType extends Pick<EventSubTypeInfo, 'type' | 'version' | 'required' | 'optional'> {
  /** The event's own field names (the top level). */
  readonly topFields: readonly string[];
  /** Every field name of the event at any depth (nested objects and list items included). */
  readonly allFields: readonly string[];
}

/** The packages whose `*Operation` exports are the declarations. */
export const OPERATION_PACKAGES = ['api-chat', 'api-moderation', 'api-gueststar', 'api-users', 'api-streams', 'api-engagement', 'api-extensions', 'eventsub'] as const;

interface RawDeclaration {
  name: string;
  method: string;
  path: string;
  token: string;
  scopes: readonly string[];
  actingUser?: string;
  bodyWrap?: string;
  params: Record<string, Record<string, unknown> & { type: string | { name: string }; in: 'query' | 'body' }>;
}

function isDeclaration(value: unknown): value is RawDeclaration {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<RawDeclaration>;
  return typeof candidate.name === 'string' && typeof candidate.method === 'string' && typeof candidate.path === 'string' && !!candidate.params && typeof candidate.params === 'object';
}

/** Reads one declaration as data. */
export function declarationOf(value: RawDeclaration, packageName: string): DeclaredOperation {
  const params: DeclaredParam[] = Object.entries(value.params).map(([name, spec]) => {
    const pick = (rule: string) => (typeof spec[rule] === 'number' ? { [rule]: spec[rule] } : {});
    return {
      name,
      in: spec.in,
      kind: typeof spec.type === 'string' ? spec.type : spec.type.name,
      required: spec.required === true,
      ...pick('min'),
      ...pick('max'),
      ...pick('minLength'),
      ...pick('maxLength'),
      ...pick('chunk'),
      ...(Array.isArray(spec.oneOf) && { oneOf: spec.oneOf as (string | number)[] }),
    };
  });
  return {
    name: value.name,
    packageName,
    method: value.method,
    path: value.path,
    token: value.token,
    scopes: [...value.scopes],
    ...(value.actingUser !== undefined && { actingUser: value.actingUser }),
    ...(value.bodyWrap !== undefined && { bodyWrap: value.bodyWrap }),
    params,
  };
}

/**
 * Every operation declared in the packages' sources: each `<name>Operation` export. Run with the
 * `@platform/source` condition (vitest and `pnpm reference:check` set it), so the sources are read
 * without a build.
 */
export async function loadDeclarations(): Promise<DeclaredOperation[]> {
  const found = new Map<string, DeclaredOperation>();
  for (const packageName of OPERATION_PACKAGES) {
    const module = (await import(`@platform/${packageName}`)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Operation') || !isDeclaration(value)) continue;
      if (!found.has(value.name)) found.set(value.name, declarationOf(value, packageName));
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The catalogue's types: every `name@version` it knows. */
export async function loadCatalogue(): Promise<Pick<EventSubTypeInfo, 'type' | 'version' | 'required' | 'optional'>[]> {
  const { eventSubTypeNames, lookupEventSubType } = await import('@platform/eventsub');
  return eventSubTypeNames()
    .filter((name) => name.includes('@'))
    .map((name) => lookupEventSubType(name)!)
    .map((info) => ({ type: info.type, version: info.version, required: info.required, optional: info.optional }));
}

/** The directory of a workspace package's sources. */
function sourceDirectory(packageName: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`@platform/${packageName}/package.json`)), 'src');
}

/**
 * The payload fields of every `name@version` of `EventSubTypeMap` (packages/eventsub/src/type-map.ts),
 * read with the TypeScript compiler from the interfaces the handlers are typed with: the event's
 * own fields, and every field name at any depth.
 */
export function loadPayloadFields(): Map<string, { top: string[]; all: string[] }> {
  const file = join(sourceDirectory('eventsub'), 'type-map.ts');
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@platform/source'],
    allowImportingTsExtensions: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Cannot read ${file}.`);
  const map = source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'EventSubTypeMap');
  if (!map) throw new Error(`${file} declares no EventSubTypeMap.`);
  const mapType = checker.getTypeAtLocation(map);
  const result = new Map<string, { top: string[]; all: string[] }>();
  for (const property of checker.getPropertiesOfType(mapType)) {
    if (!property.name.includes('@')) continue;
    const entry = checker.getTypeOfSymbolAtLocation(property, map);
    const eventSymbol = checker.getPropertyOfType(entry, 'event');
    if (!eventSymbol) continue;
    const event = checker.getTypeOfSymbolAtLocation(eventSymbol, map);
    const top = new Set<string>();
    const all = new Set<string>();
    walk(checker, elementOrSelf(checker, event), all, top, 0, new Set());
    result.set(property.name, { top: [...top], all: [...all] });
  }
  return result;
}

/** A list's item type (a batched type's event is the list of its events), or the type itself. */
function elementOrSelf(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  return checker.isArrayType(type) ? (checker.getTypeArguments(type as ts.TypeReference)[0] ?? type) : type;
}

/** A type no value has: `never`, or `undefined` alone (an optional `never`). */
function absent(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) return true;
  return type.isUnion() && type.types.every((member) => (member.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) !== 0);
}

function walk(checker: ts.TypeChecker, type: ts.Type, all: Set<string>, top: Set<string> | undefined, depth: number, seen: Set<ts.Type>): void {
  if (depth > 8 || seen.has(type)) return;
  seen.add(type);
  if (type.isUnion() || type.isIntersection()) {
    for (const member of type.types) walk(checker, member, all, top, depth, seen);
    return;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const item of checker.getTypeArguments(type as ts.TypeReference)) walk(checker, item, all, undefined, depth, seen);
    return;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return;
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const propertyType = declaration ? checker.getTypeOfSymbolAtLocation(property, declaration) : undefined;
    // `field?: never` says a field is absent in one spelling of a union: it is no field.
    if (propertyType && absent(propertyType)) continue;
    all.add(property.name);
    top?.add(property.name);
    if (propertyType) walk(checker, propertyType, all, undefined, depth + 1, seen);
  }
}
