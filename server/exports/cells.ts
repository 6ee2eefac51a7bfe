/** One cell of an exported row: the value of `field` (one level of nesting, `insurer.name`) as plain text. */
export function cellOf(item: Record<string, unknown>, field: string): string | number | boolean | null {
  const value = field.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), item);
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? ((v as { name?: string }).name ?? JSON.stringify(v)) : String(v))).join(', ');
  return (value as { name?: string }).name ?? JSON.stringify(value);
}

/** RFC 4180 quoting; a cell that a spreadsheet would read as a formula is prefixed with a quote (CSV injection). */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^([=+@\t\r]|-(?![\d.]))/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
