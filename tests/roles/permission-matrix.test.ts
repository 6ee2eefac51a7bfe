import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../openapi/permissions.ts';
import { allOf, columnOf, groupState, permissionMatrix, rowOf, setGroup } from '../../src/features/roles/permission-matrix.ts';

describe('the role grid drawn from the contract’s permissions', () => {
  const matrix = permissionMatrix();

  it('has a cell for every declared permission and none other', () => {
    const cells = matrix.resources.flatMap((resource) => matrix.actions.flatMap((action) => matrix.at(resource, action) ?? []));
    expect([...cells].sort()).toEqual([...PERMISSIONS].sort());
    expect(matrix.at('session', 'delete')).toBeNull();
  });

  it('puts read, create, update and delete first, then the other actions', () => {
    expect(matrix.actions.slice(0, 4)).toEqual(['read', 'create', 'update', 'delete']);
    expect(matrix.actions).toContain('approve_above_threshold');
    expect(rowOf(matrix, 'reimbursements')).toContain('reimbursements:approve_above_threshold');
    expect(columnOf(matrix, 'approve_above_threshold')).toEqual(['reimbursements:approve_above_threshold']);
  });

  it('follows a contract with another vocabulary', () => {
    const other = permissionMatrix(['a:read', 'a:sign', 'b:delete'] as never);
    expect(other.resources).toEqual(['a', 'b']);
    expect(other.actions).toEqual(['read', 'delete', 'sign']);
    expect(other.at('b', 'read')).toBeNull();
  });

  it('toggles a row, a column or everything, keeping other choices', () => {
    const chosen = ['users:read', 'insurers:read'];
    const withUsers = setGroup(chosen, rowOf(matrix, 'users'), true);
    expect(withUsers).toEqual(['insurers:read', 'users:create', 'users:delete', 'users:read', 'users:update']);
    expect(groupState(rowOf(matrix, 'users'), new Set(withUsers))).toBe(true);
    expect(groupState(columnOf(matrix, 'read'), new Set(withUsers))).toBe('indeterminate');
    const noReads = setGroup(withUsers, columnOf(matrix, 'read'), false);
    expect(noReads).toEqual(['users:create', 'users:delete', 'users:update']);
    expect(groupState(allOf(matrix), new Set())).toBe(false);
    expect(setGroup(noReads, allOf(matrix), true)).toEqual([...PERMISSIONS].sort());
  });
});
