import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import { defineResource } from './define-resource.ts';

export type User = Schemas['User'];
export type UserStatus = Schemas['UserStatus'];
export type UserCreate = Schemas['UserCreate'];
type UserQuery = NonNullable<paths['/api/users']['get']['parameters']['query']>;
/** The fields a save sends for both create and update; the create screen adds `password` or `invite`. */
export type UserInput = Schemas['UserFields'] & { password?: string; invite?: boolean };

/** Users: the users area, another user's profile, the assignee and audience pickers read the same cache entries. */
export const users = defineResource<User, UserInput, UserQuery>('users', {
  list: (query) => call(api.GET('/api/users', { params: { query } })),
  get: (id) => call(api.GET('/api/users/{id}', { params: { path: { id } } })),
  // The contract's `oneOf` (password xor invite) is checked by the form's validator before this.
  create: (body) => call(api.POST('/api/users', { body: body as UserCreate })),
  update: (id, body) => call(api.PUT('/api/users/{id}', { params: { path: { id } }, body })),
});

/** The account's state as the list's `status` filter reads it: deactivated first, then locked. */
export const statusOf = (user: User): UserStatus => (!user.active ? 'inactive' : user.locked ? 'locked' : 'active');

/** Users by name as `{ value, label }` choices (at most one page), optionally of one role and status. */
export const userChoicesQuery = (filter: Pick<UserQuery, 'role' | 'status'> = {}) => ({
  ...users.listQuery({ ...filter, pageSize: 100, sort: 'name' }),
  select: (page: { items: User[] }) => page.items.map((user) => ({ value: String(user.id), label: user.name })),
  staleTime: 5 * 60_000,
});

/** The account actions besides saving; each answers the user as it now is. */
const ACTIONS = {
  deactivate: (id: number) => call(api.POST('/api/users/{id}/deactivate', { params: { path: { id } } })),
  reactivate: (id: number) => call(api.POST('/api/users/{id}/reactivate', { params: { path: { id } } })),
  unlock: (id: number) => call(api.POST('/api/users/{id}/unlock', { params: { path: { id } } })),
};
export type UserAction = keyof typeof ACTIONS;

/** Runs an account action; the cache keeps the user as answered and every user query (status filters, badges, pickers) refreshes. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: UserAction; id: number }) => ACTIONS[action](id),
    onSuccess: (user) => {
      client.setQueryData(users.keys.detail(user.id), user);
      return client.invalidateQueries({ queryKey: users.keys.all });
    },
  });
}
