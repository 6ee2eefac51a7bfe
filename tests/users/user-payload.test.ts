import { describe, expect, it } from 'vitest';
import * as validators from '../../openapi/validators.ts';
import { userPayload } from '../../src/features/users/user-payload.ts';

const fields = { name: 'Nora', email: 'nora@demo.local', locale: 'es', roles: ['verifier'] };
const valid = (schema: 'UserCreate' | 'UserUpdate', body: unknown) => (validators[schema] as (data: unknown) => boolean)(body);

describe('the body a users form sends', () => {
  it('creates with the invitation alone when the administrator chose it, and the contract accepts it', () => {
    const body = userPayload({ ...fields, invite: true, password: 'typed-then-changed-mind' }, {}, true);
    expect(body).toEqual({ ...fields, insurerIds: [], invite: true });
    expect(valid('UserCreate', body)).toBe(true);
  });

  it('creates with the initial password alone otherwise', () => {
    const body = userPayload({ ...fields, invite: false, password: 'initial-pass' }, {}, true);
    expect(body).toEqual({ ...fields, insurerIds: [], password: 'initial-pass' });
    expect(valid('UserCreate', body)).toBe(true);
    expect(valid('UserCreate', userPayload({ ...fields, invite: false, password: '' }, {}, true))).toBe(false);
  });

  it('never sends a password or an invitation on update', () => {
    const body = userPayload({ ...fields, invite: true, password: 'whatever-123' }, {}, false);
    expect(body).toEqual({ ...fields, insurerIds: [] });
    expect(valid('UserUpdate', { ...body, version: 3 })).toBe(true);
  });

  it("sends the insurers whose staff the user is as the contract's numbers", () => {
    const body = userPayload({ ...fields, insurerIds: ['3', '12'] }, {}, false);
    expect(body).toEqual({ ...fields, insurerIds: [3, 12] });
    expect(valid('UserUpdate', { ...body, version: 3 })).toBe(true);
  });
});
