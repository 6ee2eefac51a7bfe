import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';

export type SearchResults = Schemas['SearchResults'];
export type SearchHit = Schemas['SearchHit'];

/** The server refuses shorter text (the contract's minLength). */
export const MIN_SEARCH_LENGTH = 2;

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: () => call(api.GET('/api/search', { params: { query: { q } } })),
    enabled: q.trim().length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
