import * as publicValidators from '../../../openapi/public-validators.ts';
import * as formValidators from '../../../openapi/validators.ts';
import type { FieldRule } from '../../i18n/form-messages.ts';
import { rulesOf, type Validator } from './form-rules.ts';

const validators = { ...publicValidators, ...formValidators };
export type FormSchema = keyof typeof validators;

/**
 * Checks a payload against a schema of the contract (`#/components/schemas/<name>`), the same one
 * the server checks; answers the first broken rule of each field (empty when valid).
 */
export function validateForm(schema: FormSchema, payload: unknown): Record<string, FieldRule> {
  return rulesOf(validators[schema] as Validator, payload);
}
