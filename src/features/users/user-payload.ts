import type { FormValues } from '../../components/form/field-spec.ts';

/**
 * The body of a save: an update never carries `password` or `invite`; a create carries the one way in
 * the administrator chose (an invitation, or the initial password), as the contract's `oneOf` wants.
 */
export function userPayload(body: Record<string, unknown>, _values: FormValues, creating: boolean): Record<string, unknown> {
  const { password, invite, ...fields } = body;
  if (!creating) return fields;
  return invite === true ? { ...fields, invite: true } : { ...fields, password };
}
