import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import { fetchUser, type User } from '../../api/users.ts';

export { statusOf, type User, type UserStatus } from '../../api/users.ts';
export type UserCreate = Schemas['UserCreate'];
type UserQuery = NonNullable<paths['/api/users']['get']['parameters']['query']>;
/** The fields a save sends for both create and update; the create screen adds `password` or `invite`. */
export type UserInput = Schemas['UserFields'] & { password?: string; invite?: boolean };

export const users = defineResource<User, UserInput, UserQuery>('users', {
  list: (query) => call(api.GET('/api/users', { params: { query } })),
  get: fetchUser,
  // The contract's `oneOf` (password xor invite) is checked by the form's validator before this.
  create: (body) => call(api.POST('/api/users', { body: body as UserCreate })),
  update: (id, body) => call(api.PUT('/api/users/{id}', { params: { path: { id } }, body })),
});

/** The insurers a user may be staff of, by name (a handful per administrator; one page holds them). */
/** The account actions besides saving; each answers the user as it now is. */
const ACTIONS = {
  deactivate: (id: number) => call(api.POST('/api/users/{id}/deactivate', { params: { path: { id } } })),
  reactivate: (id: number) => call(api.POST('/api/users/{id}/reactivate', { params: { path: { id } } })),
  unlock: (id: number) => call(api.POST('/api/users/{id}/unlock', { params: { path: { id } } })),
};
export type UserAction = keyof typeof ACTIONS;

/** Runs an account action; the cache keeps the user as answered and lists (status filters, badges) refresh. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: UserAction; id: number }) => ACTIONS[action](id),
    onSuccess: (user) => {
      client.setQueryData(users.keys.detail(user.id), user);
      return client.invalidateQueries({ queryKey: users.keys.lists });
    },
  });
}
