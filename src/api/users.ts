import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from './client.ts';

export const fetchUser = (id: number) => call(api.GET('/api/users/{id}', { params: { path: { id } } }));
export const userQuery = (id: number) => queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => fetchUser(id) });
export const useUser = (id: number) => useQuery(userQuery(id));
