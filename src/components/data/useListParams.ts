import { useSearchParams } from 'wouter';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ListParams {
  page: number;
  pageSize: number;
  sort: string;
  q: string;
}

const positive = (value: string | null, fallback: number, max = 100_000) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** A list's page, size, sort and search live in the URL, so a list can be shared and reloaded as it is. */
export function useListParams(defaults: { sort: string; sortable: readonly string[] }) {
  const [search, setSearch] = useSearchParams();
  const sortParam = search.get('sort') ?? defaults.sort;
  const params: ListParams = {
    page: positive(search.get('page'), 1),
    pageSize: PAGE_SIZES.includes(Number(search.get('pageSize')) as 20) ? Number(search.get('pageSize')) : 20,
    sort: defaults.sortable.includes(sortParam.replace(/^-/, '')) ? sortParam : defaults.sort,
    q: (search.get('q') ?? '').slice(0, 100),
  };
  const update = (changes: Partial<ListParams>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === undefined) next.delete(key);
          else next.set(key, String(value));
        }
        // A new search, sort or page size starts again from the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, update };
}
