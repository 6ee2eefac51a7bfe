import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';
import { userKeys, userQuery } from '../../api/users.ts';

export type ProfileUpdate = Schemas['ProfileUpdate'];
export type PasswordChange = Schemas['PasswordChange'];

export const useOtherUser = (id: number) => useQuery(userQuery(id));

/** Saves one's own name and language; `/api/me` (menu, permissions, this screen) reads the answer. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => call(api.PUT('/api/me', { body })),
    onSuccess: (me) => {
      client.setQueriesData({ queryKey: ['me'] }, me);
      client.setQueryData(userKeys.detail(me.user.id), me.user);
      return client.invalidateQueries({ queryKey: userKeys.lists });
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
