import type { ErrorObject } from 'ajv';
import type { FieldRule } from '../../i18n/form-messages.ts';

/** A generated contract validator (openapi/validators.ts, openapi/public-validators.ts). */
export type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The top-level field an error is about, and where inside it (a row of a list: `2/validFrom`), if anywhere. */
function fieldOf(error: ErrorObject): [string, string] {
  const params = error.params as Record<string, string>;
  const extra = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  const [field, ...inside] = (extra ? `${error.instancePath}/${extra}` : error.instancePath).replace(/^\//, '').split('/');
  return [field, inside.join('/')];
}

/** Checks a payload with a contract validator; answers the first broken rule of each field (empty when valid). */
export function rulesOf(validate: Validator, payload: unknown): Record<string, FieldRule> {
  if (validate(payload)) return {};
  const rules: Record<string, FieldRule> = {};
  const sent = (payload ?? {}) as Record<string, unknown>;
  for (const error of validate.errors ?? []) {
    const [field, at] = fieldOf(error);
    if (!field || rules[field] || ['allOf', 'anyOf', 'if'].includes(error.keyword)) continue;
    // A field left blank breaks its length, pattern or format rule, but what the user needs to hear is "please enter it".
    const blank = typeof sent[field] === 'string' && (sent[field] as string).trim() === '';
    const params = { ...(error.params as Record<string, unknown>), ...(at ? { at } : {}) };
    rules[field] = blank ? { keyword: 'required', params: { missingProperty: field } } : { keyword: error.keyword, params };
  }
  return rules;
}
