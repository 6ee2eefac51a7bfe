import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allRolesQuery } from '../../api/roles.ts';
import type { ListSpec } from '../../components/list/list-state.ts';
import { USER_LIST } from './fields.tsx';

/**
 * The users' list as the contract declares it, with the role filter's choices: the contract types
 * `role` as any role code, so the codes come from the roles themselves (labels `users.role.<code>`).
 */
export function useUserListSpec(): ListSpec {
  const { data } = useQuery(allRolesQuery());
  return useMemo(() => {
    if (!data) return USER_LIST;
    const codes = data.items.map((role) => role.code);
    return { ...USER_LIST, filters: { ...USER_LIST.filters, role: { ...USER_LIST.filters.role, enum: codes } } };
  }, [data]);
}
