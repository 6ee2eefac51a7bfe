import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { FieldRule } from '../../i18n/form-messages.ts';
import { encodeRule } from './rule-codec.ts';

/** react-hook-form validation by `check` (the broken rule of each field), after `toPayload` turned the form's strings into the API's types. */
export function rulesResolver<F extends FieldValues, P>(check: (payload: P) => Record<string, FieldRule>, toPayload: (values: F) => P): Resolver<F> {
  return async (values) => {
    const rules = check(toPayload(values));
    if (!Object.keys(rules).length) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, encodeRule(rule)]));
    return { values: {}, errors: errors as unknown as FieldErrors<F> };
  };
}
