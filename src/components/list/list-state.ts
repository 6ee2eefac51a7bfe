import type { FieldSpec } from '../form/field-spec.ts';

/** A list operation as the contract declares it (generated into openapi/field-specs.ts). */
export interface ListSpec {
  readonly sortable: readonly string[];
  readonly defaultSort: string;
  readonly filters: Readonly<Record<string, FieldSpec>>;
}

export interface SortKey {
  id: string;
  desc: boolean;
}

/** What a list shows, as its URL says: a list can be shared and reloaded as it is. */
export interface ListState {
  page: number;
  pageSize: number;
  sort: SortKey[];
  q: string;
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE = 100_000;
const MAX_QUERY = 100;

export const parseSort = (text: string): SortKey[] =>
  text
    .split(',')
    .filter(Boolean)
    .map((part) => ({ id: part.replace(/^-/, ''), desc: part.startsWith('-') }));

export const sortText = (sort: SortKey[]) => sort.map((key) => `${key.desc ? '-' : ''}${key.id}`).join(',');

function validFilter(spec: FieldSpec, value: string): boolean {
  if (spec.type === 'boolean') return value === 'true' || value === 'false';
  if (spec.enum) return spec.enum.map(String).includes(value);
  if (spec.type === 'integer') return /^\d{1,9}$/.test(value);
  return value.length > 0 && value.length <= MAX_QUERY;
}

/** Reads a list's state from its URL; anything the contract would refuse falls back to the default. */
export function parseListState(search: URLSearchParams, spec: ListSpec): ListState {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const sort = parseSort(search.get('sort') ?? '');
  const unique = new Set(sort.map((key) => key.id)).size === sort.length;
  const filters: Record<string, string> = {};
  for (const [name, filter] of Object.entries(spec.filters)) {
    const value = search.get(name);
    if (value !== null && validFilter(filter, value)) filters[name] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: sort.length && unique && sort.every((key) => spec.sortable.includes(key.id)) ? sort : parseSort(spec.defaultSort),
    q: (search.get('q') ?? '').slice(0, MAX_QUERY),
    filters,
  };
}

export type ListChange = Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string | undefined> };

/**
 * The URL after a change: defaults are left out, other parameters of the page are kept, and any change
 * but the page's own starts again from the first page.
 */
export function applyListChange(previous: URLSearchParams, change: ListChange, spec: ListSpec): URLSearchParams {
  const next = new URLSearchParams(previous);
  const put = (key: string, value: string | undefined, fallback?: string) => (value === undefined || value === '' || value === fallback ? next.delete(key) : next.set(key, value));
  if (change.page !== undefined) put('page', String(change.page), '1');
  else next.delete('page');
  if (change.pageSize !== undefined) put('pageSize', String(change.pageSize), String(DEFAULT_PAGE_SIZE));
  if (change.sort !== undefined) put('sort', sortText(change.sort), spec.defaultSort);
  if (change.q !== undefined) put('q', change.q.trim().slice(0, MAX_QUERY));
  for (const [name, value] of Object.entries(change.filters ?? {})) if (name in spec.filters) put(name, value);
  return next;
}

/** The list operation's query parameters for a state. */
export function listQuery(state: ListState, spec: ListSpec): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { page: state.page, pageSize: state.pageSize, sort: sortText(state.sort) };
  if (state.q) query.q = state.q;
  for (const [name, value] of Object.entries(state.filters)) {
    const type = spec.filters[name]?.type;
    query[name] = type === 'boolean' ? value === 'true' : type === 'integer' ? Number(value) : value;
  }
  return query;
}
