import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { encodeRule } from './rule-codec.ts';

/** Puts the server's field errors (`body/<field>`) next to their fields; returns whether any matched. */
export function applyServerErrors<F extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<F>): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const fieldError of error.problem.errors ?? []) {
    const [field, ...inside] = fieldError.path.replace(/^body\//, '').split('/');
    if (fields.includes(field)) {
      // An error inside a field (a row of a list: `agreements/2/validTo`) keeps where, as `at`, for the field's control to show.
      const params = inside.length ? { ...fieldError.params, at: inside.join('/') } : fieldError.params;
      setError(field as Path<F>, encodeRule({ keyword: fieldError.keyword, params }), { shouldFocus: !matched });
      matched = true;
    }
  }
  return matched;
}
