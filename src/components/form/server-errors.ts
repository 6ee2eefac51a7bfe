import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { encodeRule } from './contract-resolver.ts';

/** Puts the server's field errors (`body/<field>`) next to their fields; returns whether any matched. */
export function applyServerErrors<F extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<F>): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const fieldError of error.problem.errors ?? []) {
    const field = fieldError.path.replace(/^body\//, '').split('/')[0];
    if (fields.includes(field)) {
      setError(field as Path<F>, encodeRule({ keyword: fieldError.keyword, params: fieldError.params }), { shouldFocus: !matched });
      matched = true;
    }
  }
  return matched;
}
