import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldRule } from '../../i18n/form-messages.ts';
import { validateForm, type FormSchema } from './validate.ts';

/** A field error as react-hook-form keeps it; the rule is translated when shown, so it follows the language. */
export const encodeRule = (rule: FieldRule) => ({ type: rule.keyword, message: JSON.stringify(rule.params ?? {}) });
export const decodeRule = (error: { type: string; message?: string }): FieldRule => ({ keyword: error.type, params: JSON.parse(error.message || '{}') });

/** react-hook-form validation by a contract schema, after `toPayload` turned the form's strings into the API's types. */
export function contractResolver<F extends FieldValues, P>(schema: FormSchema, toPayload: (values: F) => P): Resolver<F> {
  return async (values) => {
    const rules = validateForm(schema, toPayload(values));
    if (!Object.keys(rules).length) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, encodeRule(rule)]));
    return { values: {}, errors: errors as unknown as FieldErrors<F> };
  };
}
