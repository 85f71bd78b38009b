/** Formatting for the printed reports: numbers, ratios and aligned tables. */

/** A number with thousands separators and `digits` decimals. */
export const number = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A ratio such as `1.23x`. */
export const ratio = (value: number): string => `${value.toFixed(2)}x`;

/** A fraction as a whole percentage, such as `12%`. */
export const percent = (value: number): string => `${(value * 100).toFixed(0)}%`;

/** Rows as columns: the first column left-aligned, the others right-aligned. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   '))
    .join('\n');
}
