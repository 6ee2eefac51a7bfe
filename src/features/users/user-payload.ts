import type { FormValues } from '../../components/form/field-spec.ts';

/**
 * The body of a save: an update never carries `password` or `invite`; a create carries the one way in
 * the administrator chose (an invitation, or the initial password), as the contract's `oneOf` wants.
 * Both carry the insurers whose staff the user is, as numbers.
 */
export function userPayload(body: Record<string, unknown>, _values: FormValues, creating: boolean): Record<string, unknown> {
  const { password, invite, insurerIds, ...identity } = body;
  // The form keeps list values as text; the contract's insurer ids are numbers.
  const fields = { ...identity, insurerIds: ((insurerIds as string[] | undefined) ?? []).map(Number) };
  if (!creating) return fields;
  return invite === true ? { ...fields, invite: true } : { ...fields, password };
}
