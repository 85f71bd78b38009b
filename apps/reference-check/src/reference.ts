import { isRepeated, statedLimits, type StatedLimits } from './limits.ts';
import { column, leadingLines, linesOf, prose, sections, tables, type Line, type Section, type Table } from './text.ts';

/** A token kind, as the declarations name them. */
export type TokenKindName = 'app' | 'user' | 'either' | 'none' | 'extension';

/** One parameter of an operation as the reference gives it. */
export interface ReferenceParam {
  /** The parameter's name. */
  readonly name: string;
  /** Where it travels. */
  readonly in: 'query' | 'body';
  /** The type as written (`String`, `Integer`, `String[]`, `Object`...). */
  readonly type: string;
  /** Yes or No; undefined when the table has no Required column. */
  readonly required?: boolean;
  /** The description. */
  readonly description: string;
  /** The limits the description states. */
  readonly limits: StatedLimits;
  /** A query parameter given once per value (`id=1&id=2`). */
  readonly repeated: boolean;
  /** The line of the row in the text. */
  readonly line: number;
  /** For a body field nested in an object or a list of objects: the field it belongs to. */
  readonly parent?: string;
}

/** One HTTP operation of `reference.md`. */
export interface ReferenceOperation {
  /** The platform's name (`Send Chat Message`). */
  readonly name: string;
  /** The HTTP method; `''` when the page does not state it. */
  readonly method: string;
  /** The full URL as written. */
  readonly url: string;
  /** The path under the API's base address (`/chat/messages`). */
  readonly path: string;
  /** The token kinds the Authorization text allows. */
  readonly token: TokenKindName | undefined;
  /** The scopes the Authorization text names for the token (`user:bot` and `channel:bot` left out). */
  readonly scopes: readonly string[];
  /** The Authorization text. */
  readonly authorization: string;
  /** The query parameters and body fields, in the order of the tables (nested body fields marked). */
  readonly params: readonly ReferenceParam[];
  /** The line of the `## Name` heading. */
  readonly line: number;
}

/** The base address of the platform's HTTP API, as the reference's URLs start. */
export const API_BASE = 'https://api.twitch.tv/helix';

/**
 * Scopes that only an app token's prior authorization needs (`user:bot` from the acting user,
 * `channel:bot` from the broadcaster): they are not the scopes a user token must carry.
 */
const APP_ONLY_SCOPES = new Set(['user:bot', 'channel:bot']);

/** The scope names of `scopes.md` (the first column of its tables). */
export function parseScopes(text: string): Set<string> {
  const found = new Set<string>();
  for (const table of tables(linesOf(text))) {
    const first = table.columns[0] ?? '';
    if (!/scope/i.test(first)) continue;
    for (const row of table.rows) {
      const name = (row.values[0] ?? '').replace(/`/g, '').trim();
      if (/^[a-z_]+:[a-z_:]+$/.test(name)) found.add(name);
    }
  }
  return found;
}

/** The token kinds an Authorization text allows. */
export function tokenKindOf(text: string): TokenKindName | undefined {
  if (/JSON Web Token|\bJWT\b/.test(text)) return 'extension';
  const app = /\bapp access token\b/i.test(text);
  const user = /\buser[ -]access token\b|\buser token\b/i.test(text);
  if (app && user) return 'either';
  if (app) return 'app';
  if (user) return 'user';
  if (/headers are not required/i.test(text)) return 'none';
  // The Guest Star pages name only the OAuth scope, which a user token carries.
  if (/OAuth Scope/i.test(text)) return 'user';
  return undefined;
}

/** The scopes an Authorization text names, known ones only, without the app-only bot scopes. */
export function scopesOf(text: string, known: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/[a-z_]+(?::[a-z_]+)+/g)) {
    const name = match[0];
    if (known.has(name) && !APP_ONLY_SCOPES.has(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/** The object-like types whose following rows may be nested fields. */
function holdsFields(type: string): boolean {
  return /^(object|object\[\]|label\[\]|[a-z]+\[\])$/i.test(type.trim()) && !/^string\[\]$/i.test(type.trim());
}

/** Reads one parameter table (query or body). */
function paramsOf(table: Table, place: 'query' | 'body'): ReferenceParam[] {
  const nameColumn = column(table, /^(parameter|field|name|param)s?$/i) ?? table.columns[0]!;
  const typeColumn = column(table, /^type$/i);
  const requiredColumn = column(table, /^required\??$/i);
  const descriptionColumn = column(table, /^description$/i);
  return table.rows.map((row) => {
    const name = (row.cells[nameColumn] ?? '').replace(/`/g, '').trim();
    const description = descriptionColumn ? (row.cells[descriptionColumn] ?? '') : '';
    const requiredText = requiredColumn ? (row.cells[requiredColumn] ?? '').trim().toLowerCase() : '';
    return {
      name,
      in: place,
      type: typeColumn ? (row.cells[typeColumn] ?? '').trim() : '',
      ...(requiredColumn && { required: requiredText.startsWith('yes') }),
      description,
      limits: statedLimits(description),
      repeated: place === 'query' && isRepeated(name, description),
      line: row.line,
    };
  });
}

/** The `METHOD URL` of a `### URL` section. */
function urlOf(lines: readonly Line[]): { method: string; url: string } | undefined {
  for (const line of lines) {
    // Get Stream Key's page gives the URL without its method: the method is then ''.
    const match = /`?\b(?:(GET|POST|PUT|PATCH|DELETE)\s+)?(https?:\/\/[^\s`]+)`?/.exec(line.text);
    if (match) return { method: match[1] ?? '', url: match[2]! };
  }
  return undefined;
}

/** The path of a URL under the API's base address, or the URL's path when it has another base. */
export function pathOf(url: string): string {
  const bare = url.split('?')[0]!;
  if (bare.startsWith(API_BASE)) return bare.slice(API_BASE.length) || '/';
  return new URL(bare).pathname;
}

/**
 * Every operation of `reference.md`: a `## Name` section holding a `### URL`. `known` is the set of
 * scope names (from `scopes.md`) used to pick the scopes out of the Authorization text.
 */
export function parseReference(text: string, known: ReadonlySet<string>): ReferenceOperation[] {
  const operations: ReferenceOperation[] = [];
  for (const section of sections(linesOf(text), 2)) {
    const subs = sections(section.body, 3);
    const urlSection = subs.find((sub) => /^URL$/i.test(sub.title));
    const target = urlSection && urlOf(urlSection.body);
    if (!target) continue;
    const authorizationSection = subs.find((sub) => /^Authori[sz]ation$/i.test(sub.title));
    const authorization = authorizationSection ? prose(leadingLines(authorizationSection.body)).trim() : '';
    const params: ReferenceParam[] = [];
    for (const sub of subs) {
      const place = /^Request Query Param/i.test(sub.title) ? 'query' : /^Request Body/i.test(sub.title) ? 'body' : undefined;
      if (!place) continue;
      for (const table of tables(sub.body)) params.push(...paramsOf(table, place));
    }
    operations.push({
      name: section.title,
      method: target.method,
      url: target.url,
      path: pathOf(target.url),
      token: tokenKindOf(authorization),
      scopes: scopesOf(authorization, known),
      authorization,
      params,
      line: section.line,
    });
  }
  return operations;
}

/**
 * Marks the body fields nested in an object (or a list of objects): the rows after an object-like
 * field, until a row names a field `topLevel` knows, or a name already seen at the top. The text
 * has lost the pages' indentation, so the nesting is inferred; `topLevel` holds the names the
 * declaration sends, so a declared field is never taken for a nested one.
 */
export function nestBodyFields(params: readonly ReferenceParam[], topLevel: ReadonlySet<string>): ReferenceParam[] {
  const out: ReferenceParam[] = [];
  let parent: string | undefined;
  const seen = new Set<string>();
  for (const param of params) {
    if (param.in !== 'body') {
      out.push(param);
      continue;
    }
    if (parent !== undefined && (!topLevel.has(param.name) || seen.has(param.name))) {
      out.push({ ...param, parent });
      continue;
    }
    parent = holdsFields(param.type) ? param.name : undefined;
    seen.add(param.name);
    out.push(param);
  }
  return out;
}

/** The sections of a file at a level, for callers that read other files of the format. */
export { sections, type Section };
