import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../client.ts';
import { queryKeys } from './keys.ts';

/** A guided flow's draft, kept on the server per signed-in user, flow and record (`/api/drafts/{flow}/{key}`). */
const draftKeys = queryKeys('drafts');

/** The draft saved before (null: none); read once per visit: what the flow does next is the screen's, not the cache's. */
export const draftQuery = <T extends object>(flow: string, key: string) =>
  queryOptions({
    queryKey: [...draftKeys.all, flow, key],
    queryFn: async () => {
      // No draft is an empty answer (204).
      const draft = await call(api.GET('/api/drafts/{flow}/{key}', { params: { path: { flow, key } } }));
      return (draft?.snapshot as T | undefined) ?? null;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const writeDraft = (flow: string, key: string, snapshot: object) =>
  call(api.PUT('/api/drafts/{flow}/{key}', { params: { path: { flow, key } }, body: { snapshot: snapshot as Record<string, never> } }));

export const deleteDraft = (flow: string, key: string) => call(api.DELETE('/api/drafts/{flow}/{key}', { params: { path: { flow, key } } }));
