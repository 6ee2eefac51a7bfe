import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../openapi/permissions.ts';
import { api, call, type Schemas } from './client.ts';
import { userKeys } from './users.ts';

export const fetchMe = () => call(api.GET('/api/me'));
// Signing in again (a new token) keeps the previous answer until the new one arrives, so the
// screen being edited stays mounted.
export const meQuery = (token: string | null) =>
  queryOptions({ queryKey: ['me', token], queryFn: fetchMe, enabled: Boolean(token), staleTime: 60_000, placeholderData: keepPreviousData });

/** The signed-in user and a permission test; `can` is false until the permissions have loaded. */
export function useMeFor(token: string | null) {
  const query = useQuery(meQuery(token));
  const permissions = new Set(query.data?.permissions ?? []);
  return { ...query, can: (permission?: Permission) => !permission || permissions.has(permission) };
}

/** Saves one's own name and language; `/api/me` (menu, permissions, the profile) reads the answer. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ProfileUpdate']) => call(api.PUT('/api/me', { body })),
    onSuccess: (me) => {
      client.setQueriesData({ queryKey: ['me'] }, me);
      client.setQueryData(userKeys.detail(me.user.id), me.user);
      return client.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}
