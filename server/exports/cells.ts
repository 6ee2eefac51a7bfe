export type Cell = string | number | boolean | null;

/** One cell of an exported row: the value of `field` (one level of nesting, `insurer.name`) as plain text. */
export function cellOf(item: Record<string, unknown>, field: string): Cell {
  const value = field.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), item);
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? ((v as { name?: string }).name ?? JSON.stringify(v)) : String(v))).join(', ');
  return (value as { name?: string }).name ?? JSON.stringify(value);
}

/**
 * Where a spreadsheet starts evaluating a formula (OWASP's CSV injection list): `=`, `+`, `-`, `@`, tab and
 * carriage return, and the full-width forms some spreadsheets also accept. `-2+3+cmd|…` is a formula too, so
 * a minus before a digit is no exception.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text a spreadsheet would evaluate gets a leading quote, so it shows as text; numbers exported as numbers stay numbers. */
export const neutralised = (value: Cell): Cell => (typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value);

/** RFC 4180 quoting of a neutralised cell, for a file whose cells are split at `separator`. */
export function csvCell(value: Cell, separator = ','): string {
  if (value === null) return '';
  const text = String(neutralised(value));
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}
