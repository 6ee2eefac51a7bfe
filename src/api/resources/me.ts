import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../../openapi/permissions.ts';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';
import { users } from './users.ts';

export type PasswordChange = Schemas['PasswordChange'];

/** `/api/me`: one entry per session token (`['me', token]`); a write sets them all. */
const meKeys = queryKeys('me');

export const fetchMe = () => call(api.GET('/api/me'));
// Signing in again (a new token) keeps the previous answer until the new one arrives, so the
// screen being edited stays mounted.
export const meQuery = (token: string | null) =>
  queryOptions({ queryKey: [...meKeys.all, token], queryFn: fetchMe, enabled: Boolean(token), staleTime: 60_000, placeholderData: keepPreviousData });

/** The signed-in user and a permission test; `can` is false until the permissions have loaded. */
export function useMeFor(token: string | null) {
  const query = useQuery(meQuery(token));
  const permissions = new Set(query.data?.permissions ?? []);
  return { ...query, can: (permission?: Permission) => !permission || permissions.has(permission) };
}

/** Saves one's own name and language; `/api/me` (menu, permissions, the profile) and the users' copies read the answer. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ProfileUpdate']) => call(api.PUT('/api/me', { body })),
    onSuccess: (me) => {
      client.setQueriesData({ queryKey: meKeys.all }, me);
      client.setQueryData(users.keys.detail(me.user.id), me.user);
      return client.invalidateQueries({ queryKey: users.keys.lists });
    },
  });
}

/**
 * Changes one's own password; the server signs every other session out, this one stays. Everything is read again:
 * a user who had to choose their own password first could read nothing until now.
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: PasswordChange) => call(api.POST('/api/me/password', { body })), onSuccess: () => client.invalidateQueries() });
}
