/**
 * The text format of `../shared/reference/official/`: the platform's pages converted to plain text,
 * headings as `#`, `##`, `###` lines, tables as `| a | b |` rows (the first row names the columns;
 * there is no `| --- |` line), list items as `- ` lines, examples as ``` blocks. A table row whose
 * cell held a list may be followed by a line holding `-` alone, which belongs to the table.
 */

/** One heading and the lines under it, up to the next heading of the same or a higher level. */
export interface Section {
  /** 1 for `#`, 2 for `##`, 3 for `###`. */
  readonly level: number;
  /** The heading's text, trimmed. */
  readonly title: string;
  /** The line number of the heading, from 1. */
  readonly line: number;
  /** The lines under the heading (sub-sections included), with their line numbers. */
  readonly body: readonly Line[];
}

/** A line of the text and where it stands. */
export interface Line {
  /** The line number, from 1. */
  readonly number: number;
  /** The line's text. */
  readonly text: string;
}

/** A table: the column names of its first row, and one record per later row. */
export interface Table {
  /** The column names, as written (`Parameter`, `Required?`...). */
  readonly columns: readonly string[];
  /** One row per line, its cells by column (backticks around a whole cell removed). */
  readonly rows: readonly TableRow[];
}

/** A row of a table. */
export interface TableRow {
  /** The cells by column name. */
  readonly cells: Readonly<Record<string, string>>;
  /** The cells in order. */
  readonly values: readonly string[];
  /** The line number of the row. */
  readonly line: number;
}

/** Splits a text into its lines, numbered from 1. Code blocks are kept but marked. */
export function linesOf(text: string): Line[] {
  return text.split(/\r?\n/).map((line, index) => ({ number: index + 1, text: line }));
}

/** A heading line's level and title, or undefined. Headings inside ``` blocks are not headings. */
function heading(text: string): { level: number; title: string } | undefined {
  const match = /^(#{1,6})\s+(.*)$/.exec(text);
  return match ? { level: match[1]!.length, title: cleanTitle(match[2]!) } : undefined;
}

/** A heading's text without the zero-width and invisible characters the pages carry. */
export function cleanTitle(title: string): string {
  return title.replace(/[\u200b-\u200d\ufeff]/g, '').trim();
}

/**
 * Every section of the given level, each with the lines up to the next heading of that level or
 * a higher one. Lines inside ``` blocks never start a section.
 */
export function sections(lines: readonly Line[], level: number): Section[] {
  const found: { level: number; title: string; line: number; body: Line[] }[] = [];
  let current: (typeof found)[number] | undefined;
  let inCode = false;
  for (const line of lines) {
    if (line.text.startsWith('```')) inCode = !inCode;
    const head = inCode || line.text.startsWith('```') ? undefined : heading(line.text);
    if (head && head.level <= level) {
      current = head.level === level ? { level, title: head.title, line: line.number, body: [] } : undefined;
      if (current) found.push(current);
      continue;
    }
    current?.body.push(line);
  }
  return found;
}

/** The first sub-section of `section` at `level` whose title passes `test`. */
export function subsection(section: Section, level: number, test: (title: string) => boolean): Section | undefined {
  return sections(section.body, level).find((sub) => test(sub.title));
}

/** The lines of a section before its first sub-heading (of any level). */
export function leadingLines(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    if (heading(line.text)) break;
    out.push(line);
  }
  return out;
}

/** Splits a table line into its cells; cells keep inner `|` when there are more than columns. */
export function splitRow(text: string, columns?: number): string[] {
  let inner = text.trim();
  if (inner.startsWith('|')) inner = inner.slice(1);
  if (inner.endsWith('|')) inner = inner.slice(0, -1);
  const cells = inner.split('|').map((cell) => cell.trim());
  if (columns !== undefined && cells.length > columns && columns > 0) {
    return [...cells.slice(0, columns - 1), cells.slice(columns - 1).join(' | ')];
  }
  return cells;
}

/** A cell's value without the backticks around it (`` `user_id` `` is `user_id`). */
export function unquote(cell: string): string {
  const trimmed = cell.trim();
  return /^`[^`]*`$/.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed;
}

/**
 * The tables among the lines: runs of `|` lines (a `-` line between two rows belongs to the run).
 * The first line of a run names the columns.
 */
export function tables(lines: readonly Line[]): Table[] {
  const found: Table[] = [];
  let run: Line[] = [];
  const flush = () => {
    if (run.length > 0) {
      const columns = splitRow(run[0]!.text);
      const rows = run.slice(1).map((line) => {
        const values = splitRow(line.text, columns.length).map(unquote);
        const cells: Record<string, string> = {};
        columns.forEach((column, index) => (cells[column] = values[index] ?? ''));
        return { cells, values, line: line.number };
      });
      found.push({ columns, rows });
    }
    run = [];
  };
  let inCode = false;
  for (const line of lines) {
    if (line.text.startsWith('```')) {
      inCode = !inCode;
      flush();
      continue;
    }
    if (!inCode && line.text.startsWith('|')) run.push(line);
    else if (!inCode && line.text.trim() === '-' && run.length > 0) continue;
    else flush();
  }
  flush();
  return found;
}

/** The column of a table whose name passes `test` (case-insensitive), or undefined. */
export function column(table: Table, test: RegExp): string | undefined {
  return table.columns.find((name) => test.test(name));
}

/** The text of the lines outside ``` blocks, joined by newlines. */
export function prose(lines: readonly Line[]): string {
  let inCode = false;
  const out: string[] = [];
  for (const line of lines) {
    if (line.text.startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    if (!inCode) out.push(line.text);
  }
  return out.join('\n');
}

/** The contents of the ``` blocks among the lines, one string per block. */
export function codeBlocks(lines: readonly Line[]): string[] {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.text.startsWith('```')) {
      if (current) {
        blocks.push(current.join('\n'));
        current = undefined;
      } else current = [];
      continue;
    }
    current?.push(line.text);
  }
  return blocks;
}
