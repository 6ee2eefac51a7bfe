import { useForm, type FieldValues } from 'react-hook-form';
import type { FieldRule } from '../../i18n/form-messages.ts';
import { contractResolver, decodeRule } from '../../components/form/contract-resolver.ts';
import type { FormSchema } from '../../components/form/validate.ts';

/**
 * The public screens' forms on the same stack as the panel's: react-hook-form checked by the
 * contract's compiled schema; on submit it calls `onValid`, or keeps each field's broken rule and
 * focuses the first. Inputs stay plain HTML (no component library on these pages).
 */
export function usePublicForm<P>(schema: FormSchema, toPayload: (values: Record<string, string>) => P, onValid: (payload: P) => void) {
  const form = useForm<FieldValues>({ resolver: contractResolver(schema, (values) => toPayload(values as Record<string, string>)) });
  const errors: Record<string, FieldRule> = Object.fromEntries(
    Object.entries(form.formState.errors).map(([name, error]) => [name, decodeRule(error as { type: string; message?: string })]),
  );
  return {
    errors,
    onSubmit: form.handleSubmit((values) => onValid(toPayload(values as Record<string, string>))),
    field: (name: string) => form.register(name),
  };
}
