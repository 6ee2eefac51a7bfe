import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';

export type SearchResults = Schemas['SearchResults'];
export type SearchHit = Schemas['SearchHit'];

/** The server refuses shorter text (the contract's minLength). */
export const MIN_SEARCH_LENGTH = 2;

/** Search reads every resource: its answers are kept only briefly (a write elsewhere does not invalidate them). */
const searchKeys = queryKeys('search');

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: [...searchKeys.all, q],
    queryFn: () => call(api.GET('/api/search', { params: { query: { q } } })),
    enabled: q.trim().length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
