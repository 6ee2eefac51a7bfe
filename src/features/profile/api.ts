import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';
import { userQuery } from '../../api/users.ts';

export type PasswordChange = Schemas['PasswordChange'];

export const useOtherUser = (id: number) => useQuery(userQuery(id));

/**
 * Changes one's own password; the server signs every other session out, this one stays. Everything is read again:
 * a user who had to choose their own password first could read nothing until now.
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: PasswordChange) => call(api.POST('/api/me/password', { body })), onSuccess: () => client.invalidateQueries() });
}
