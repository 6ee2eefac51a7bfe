import { PERMISSIONS, type Permission } from '../../../openapi/permissions.ts';

/** The usual actions first, in this order; any other action the contract declares follows, in its order. */
const USUAL_ACTIONS = ['read', 'create', 'update', 'delete'];

export interface PermissionMatrix {
  resources: string[];
  actions: string[];
  /** The permission at a resource and action, or null where the contract declares none. */
  at: (resource: string, action: string) => Permission | null;
}

/** The contract's permissions (`resource:action`) as rows of resources and columns of actions. */
export function permissionMatrix(permissions: readonly Permission[] = PERMISSIONS): PermissionMatrix {
  const declared = new Set<string>(permissions);
  const pairs = permissions.map((permission) => permission.split(':') as [string, string]);
  const resources = [...new Set(pairs.map(([resource]) => resource))];
  const others = [...new Set(pairs.map(([, action]) => action))].filter((action) => !USUAL_ACTIONS.includes(action));
  const actions = [...USUAL_ACTIONS.filter((action) => pairs.some(([, a]) => a === action)), ...others];
  return {
    resources,
    actions,
    at: (resource, action) => (declared.has(`${resource}:${action}`) ? (`${resource}:${action}` as Permission) : null),
  };
}

/** A row's, a column's or the whole grid's permissions, to tick or untick together. */
export const rowOf = (matrix: PermissionMatrix, resource: string) => matrix.actions.flatMap((action) => matrix.at(resource, action) ?? []);
export const columnOf = (matrix: PermissionMatrix, action: string) => matrix.resources.flatMap((resource) => matrix.at(resource, action) ?? []);
export const allOf = (matrix: PermissionMatrix) => matrix.resources.flatMap((resource) => rowOf(matrix, resource));

/** Whether all, some or none of a group is chosen: a group toggle's state. */
export function groupState(group: readonly string[], chosen: ReadonlySet<string>): boolean | 'indeterminate' {
  const count = group.filter((permission) => chosen.has(permission)).length;
  return count === 0 ? false : count === group.length ? true : 'indeterminate';
}

/** Ticks or unticks a group, keeping every other choice as it was. */
export function setGroup(chosen: readonly string[], group: readonly string[], on: boolean): string[] {
  const next = new Set(chosen);
  for (const permission of group) {
    if (on) next.add(permission);
    else next.delete(permission);
  }
  return [...next].sort();
}
