/** `sort=name,-updatedAt` → `ORDER BY …`, from a whitelist (the contract's pattern already limits the fields). */
export function orderBy(sort: string, columns: Record<string, string>, tieBreaker = 'id'): string {
  const parts = sort
    .split(',')
    .map((field) => {
      const descending = field.startsWith('-');
      const column = columns[descending ? field.slice(1) : field];
      return column ? `${column} ${descending ? 'DESC' : 'ASC'}` : null;
    })
    .filter(Boolean);
  return `ORDER BY ${[...parts, tieBreaker].join(', ')}`;
}

export const pageWindow = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** `%`, `_` and `\` typed by a user are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
