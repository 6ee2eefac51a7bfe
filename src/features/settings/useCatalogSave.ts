import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorObject } from 'ajv';
import { useIntl } from 'react-intl';
import * as validators from '../../../openapi/validators.ts';
import { ApiError, problemKind } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import type { FieldRule } from '../../i18n/form-messages.ts';
import { settingsKeys, type Catalog } from '../../api/resources/settings.ts';

type Schema = 'ProcedureCodeInput' | 'ProcedureCodeUpdate' | 'ReasonCodeUpdate' | 'RequiredDocumentUpdate' | 'SettingDefaultUpdate';
type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
/** Broken rules by field path (`code`, `texts/ja`), the first of each. */
export type FieldErrors = Record<string, FieldRule>;

/** The contract's own check of a payload, keeping nested paths (a language of the texts is a field of its own). */
function contractErrors(schema: Schema, payload: unknown): FieldErrors {
  const validate = validators[schema] as Validator;
  if (validate(payload)) return {};
  const errors: FieldErrors = {};
  for (const e of validate.errors ?? []) {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const path = (missing ? `${e.instancePath}/${missing}` : e.instancePath).replace(/^\//, '');
    if (!path || errors[path] || ['allOf', 'anyOf', 'if'].includes(e.keyword)) continue;
    // A text left blank breaks its pattern, but what the user needs to hear is "please enter it".
    const value = path.split('/').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], payload);
    errors[path] = typeof value === 'string' && value.trim() === '' ? { keyword: 'required' } : { keyword: e.keyword, params: e.params as Record<string, unknown> };
  }
  return errors;
}

/** The server's field errors (`body/texts/ja`) by the same paths. */
const serverErrors = (error: ApiError): FieldErrors =>
  Object.fromEntries((error.problem.errors ?? []).map((e) => [e.path.replace(/^body\//, ''), { keyword: e.keyword, params: e.params }]));

/**
 * Saving one catalog item: checked by the contract first, then sent with the version it was read at. A
 * stale version keeps the edits and offers to reload or overwrite; field errors (a bad value, 400, or a
 * rule between two defaults, 422) go next to their fields.
 */
export function useCatalogSave<P extends { version: number }>(catalog: Catalog, schema: Schema, send: (payload: P) => Promise<unknown>, onSaved: () => void) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      setStaleVersion(null);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.catalog(catalog) });
      messenger.create({ type: 'success', title: intl.formatMessage({ id: 'common.saved' }) });
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && problemKind(error) === 'stale-version') {
        setStaleVersion(Number(error.problem.errors?.[0]?.params?.currentVersion));
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 422) && error.problem.errors?.length) {
        setErrors(serverErrors(error));
      } else notifyError(intl, error);
    },
  });
  const submit = (payload: P) => {
    const found = contractErrors(schema, payload);
    setErrors(found);
    if (!Object.keys(found).length) mutation.mutate(payload);
  };
  return {
    errors,
    saving: mutation.isPending,
    staleVersion,
    submit,
    /** Sends the edits over the newer version. */
    overwrite: (payload: P) => staleVersion !== null && mutation.mutate({ ...payload, version: staleVersion }),
    /** Drops the edits for the item as it is now. */
    reload: async <T>(): Promise<T[]> => {
      setStaleVersion(null);
      setErrors({});
      await queryClient.refetchQueries({ queryKey: settingsKeys.catalog(catalog) });
      return queryClient.getQueryData<T[]>(settingsKeys.catalog(catalog)) ?? [];
    },
    reset: () => {
      setErrors({});
      setStaleVersion(null);
    },
  };
}
