import { codeBlocks, column, linesOf, sections, tables, type Section } from './text.ts';

/** One EventSub type and version as the reference gives it. */
export interface ReferenceEventType {
  /** The type name (`channel.follow`). */
  readonly type: string;
  /** The version (`1`, `2`, `beta`). */
  readonly version: string;
  /** The platform's name for it in the table (`Channel Follow`), badges removed. */
  readonly title: string;
  /** The condition fields, when the reference lists them; `source` says where they were read. */
  readonly condition?: {
    readonly fields: readonly { name: string; required: boolean }[];
    /** Where the fields were read. */
    readonly source: string;
    /** The source says which fields are required (a webhook example does not). */
    readonly requiredKnown: boolean;
  };
  /** The payload (event) field names, every depth, when the reference lists them. */
  readonly payload?: { readonly fields: readonly string[]; readonly source: string };
  /** The line of the table row in `eventsub-subscription-types.md`. */
  readonly line: number;
}

/** A heading's words only, lower case (`Channel Follow Condition` is `channelfollowcondition`). */
function key(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The table name without the badges the pages append (`Channel Chat MessageNEW`, `...BETA`). */
function withoutBadges(title: string): string {
  return title.replace(/(NEW|BETA)$/, '').trim();
}

/**
 * Names of the reference's condition and event sections that differ from the types table's names.
 * Keys and values are `key()`s of titles: the table's name (without the version suffix) to the
 * name of its sections.
 */
const SECTION_NAMES: Readonly<Record<string, string>> = {
  channelwarningacknowledgement: 'channelwarningacknowledge',
  channelcustompowerupsredemptionadd: 'channelcustompowerupredemptionadd',
  goalbegin: 'goals',
  goalprogress: 'goals',
  goalend: 'goals',
  shieldmodebegin: 'shieldmode',
  shieldmodeend: 'shieldmode',
  shoutoutreceived: 'shoutoutreceived',
};

/** The rows of the types table: the first table with Name and Version columns. */
function typeRows(text: string): { title: string; type: string; version: string; line: number }[] {
  for (const table of tables(linesOf(text))) {
    const nameColumn = column(table, /^name$/i);
    const versionColumn = column(table, /^version$/i);
    const titleColumn = column(table, /^subscription type$/i);
    if (!nameColumn || !versionColumn || !titleColumn) continue;
    return table.rows.map((row) => ({
      title: withoutBadges(row.cells[titleColumn] ?? ''),
      type: (row.cells[nameColumn] ?? '').replace(/`/g, '').trim(),
      version: (row.cells[versionColumn] ?? '').replace(/`/g, '').trim(),
      line: row.line,
    }));
  }
  return [];
}

/** Tables of a section by `key()` of its title, for `### X Condition`, `### X Event` and `## X` objects. */
function sectionTables(text: string): Map<string, { section: Section; fields: { name: string; required?: boolean }[] }> {
  const found = new Map<string, { section: Section; fields: { name: string; required?: boolean }[] }>();
  const lines = linesOf(text);
  for (const level of [2, 3]) {
    for (const section of sections(lines, level)) {
      // Only the table right under the heading: a `##` section's own table, not its sub-sections'.
      const own = tables(untilSubheading(section))[0];
      if (!own) continue;
      const nameColumn = column(own, /^(name|field|param|parameter)$/i) ?? own.columns[0]!;
      const requiredColumn = column(own, /^required\??$/i);
      const fields = own.rows.map((row) => ({
        name: (row.cells[nameColumn] ?? '').replace(/`/g, '').trim(),
        ...(requiredColumn && { required: /^yes/i.test((row.cells[requiredColumn] ?? '').trim()) }),
      }));
      const name = key(section.title);
      if (!found.has(name)) found.set(name, { section, fields });
    }
  }
  return found;
}

/** The lines of a section before its first sub-heading. */
function untilSubheading(section: Section) {
  const out: Section['body'][number][] = [];
  for (const line of section.body) {
    if (/^#{1,6}\s/.test(line.text)) break;
    out.push(line);
  }
  return out;
}

/**
 * The condition keys of a type's webhook example in `eventsub-subscription-types.md` (the
 * `### type` or `### type V2` section), for the types the reference has no condition table for.
 */
function exampleConditions(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const block of codeBlocks(linesOf(text))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch {
      continue;
    }
    const request = parsed as { type?: unknown; version?: unknown; condition?: unknown; transport?: unknown };
    if (typeof request.type !== 'string' || typeof request.version !== 'string' || !request.transport) continue;
    if (!request.condition || typeof request.condition !== 'object') continue;
    const name = `${request.type}@${request.version}`;
    if (!found.has(name)) found.set(name, Object.keys(request.condition));
  }
  return found;
}

/**
 * Every type and version of `eventsub-subscription-types.md`'s table, with its condition fields
 * and payload fields from `eventsub-reference.md` (the `### X Condition` and `### X Event`
 * sections, or the `## X` object the platform uses for a few types), else the condition keys of
 * the type's webhook example.
 */
export function parseEventSub(typesText: string, referenceText: string): ReferenceEventType[] {
  const rows = typeRows(typesText);
  const found = sectionTables(referenceText);
  const examples = exampleConditions(typesText);
  return rows.map((row) => {
    const versionSuffix = /^\d+$/.test(row.version) && row.version !== '1' ? `v${row.version}` : '';
    const base = key(row.title.replace(/\s+V\d+$/i, ''));
    const named = SECTION_NAMES[base] ?? base;
    const conditionNames = [versionSuffix && `${named}${versionSuffix}condition`, `${named}condition`].filter(Boolean);
    const eventNames = [versionSuffix && `${named}event${versionSuffix}`, versionSuffix && `${named}${versionSuffix}event`, `${named}event`, named].filter(Boolean);
    const condition = conditionNames.map((name) => found.get(name)).find(Boolean);
    const event = eventNames.map((name) => found.get(name)).find(Boolean);
    const example = examples.get(`${row.type}@${row.version}`);
    return {
      type: row.type,
      version: row.version,
      title: row.title,
      ...(condition
        ? { condition: { fields: condition.fields.map((field) => ({ name: field.name, required: field.required ?? true })), source: `eventsub-reference.md: ${condition.section.title} (line ${condition.section.line})`, requiredKnown: true } }
        : example && { condition: { fields: example.map((name) => ({ name, required: true })), source: `eventsub-subscription-types.md: the webhook example of ${row.type} version ${row.version} (required-ness not stated)`, requiredKnown: false } }),
      ...(event && { payload: { fields: [...new Set(event.fields.map((field) => field.name))], source: `eventsub-reference.md: ${event.section.title} (line ${event.section.line})` } }),
      line: row.line,
    };
  });
}
