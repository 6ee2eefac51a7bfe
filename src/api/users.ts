import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type User = Schemas['User'];
export type UserStatus = Schemas['UserStatus'];

/** The users' keys: the users area and another user's profile read the same cache entries. */
export const userKeys = queryKeys('users');

export const fetchUser = (id: number) => call(api.GET('/api/users/{id}', { params: { path: { id } } }));
export const userQuery = (id: number) => queryOptions({ queryKey: userKeys.detail(id), queryFn: () => fetchUser(id) });

/** The account's state as the list's `status` filter reads it: deactivated first, then locked. */
export const statusOf = (user: User): UserStatus => (!user.active ? 'inactive' : user.locked ? 'locked' : 'active');
