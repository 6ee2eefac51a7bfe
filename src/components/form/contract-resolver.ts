import type { FieldValues, Resolver } from 'react-hook-form';
import { rulesResolver } from './rules-resolver.ts';
import { validateForm, type FormSchema } from './validate.ts';

/**
 * react-hook-form validation by a contract schema, after `toPayload` turned the form's strings into the API's types.
 * It brings every form's validator (validate.ts); what every page carries (the signed-in shell) uses `rulesResolver`
 * with the one validator it needs instead.
 */
export function contractResolver<F extends FieldValues, P>(schema: FormSchema, toPayload: (values: F) => P): Resolver<F> {
  return rulesResolver((payload: P) => validateForm(schema, payload), toPayload);
}
