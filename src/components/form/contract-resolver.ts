import type { ErrorObject } from 'ajv';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as validators from '../../../openapi/validators.ts';
import type { FieldRule } from '../../i18n/form-messages.ts';

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
export type FormSchema = keyof typeof validators;

/** A field error as react-hook-form keeps it; the rule is translated when shown, so it follows the language. */
export const encodeRule = (rule: FieldRule) => ({ type: rule.keyword, message: JSON.stringify(rule.params ?? {}) });
export const decodeRule = (error: { type: string; message?: string }): FieldRule => ({ keyword: error.type, params: JSON.parse(error.message || '{}') });

function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, string>;
  const extra = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  return (extra ? `${error.instancePath}/${extra}` : error.instancePath).replace(/^\//, '').split('/')[0];
}

/**
 * Validates a form with a schema of the contract (`#/components/schemas/<name>`), the same one
 * the server checks, after `toPayload` has turned the form's strings into the API's types.
 */
export function contractResolver<F extends FieldValues, P>(schema: FormSchema, toPayload: (values: F) => P): Resolver<F> {
  const validate = validators[schema] as Validator;
  return async (values) => {
    const payload = toPayload(values);
    if (validate(payload)) return { values, errors: {} };
    const errors: Record<string, ReturnType<typeof encodeRule>> = {};
    const sent = (payload ?? {}) as Record<string, unknown>;
    for (const error of validate.errors ?? []) {
      const field = fieldOf(error);
      if (field && !errors[field] && !['allOf', 'anyOf', 'if'].includes(error.keyword)) {
        // A field left blank breaks its length, pattern or format rule, but what the user needs to hear is "please enter it".
        const blank = typeof sent[field] === 'string' && (sent[field] as string).trim() === '';
        errors[field] = encodeRule(blank ? { keyword: 'required', params: { missingProperty: field } } : { keyword: error.keyword, params: error.params as Record<string, unknown> });
      }
    }
    return { values: {}, errors: errors as unknown as FieldErrors<F> };
  };
}
