import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { ApiError, problemKind } from '../../api/client.ts';
import { useDeleteRecords, useSaveRecord, type Resource, type VersionedRecord } from '../../api/resources/define-resource.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { messenger } from '../feedback/toaster.tsx';
import { contractResolver } from '../form/contract-resolver.ts';
import { emptyFormValues, toFormValues, toPayload, writableFields, type FieldSpecs, type FormValues } from '../form/field-spec.ts';
import { applyServerErrors } from '../form/server-errors.ts';
import type { FormSchema } from '../form/validate.ts';
import { useScreen } from '../layout/screen-context.ts';
import { useReturnTo } from './return-to.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

/** Loads the record an edit screen shows: loading, missing (404, a state of its own) or there; other failures reach the error screen. */
export function useRecordLoader<R extends VersionedRecord>(resource: Resource<R, never, never>, id: number | undefined) {
  const query = useQuery({ ...resource.oneQuery(id ?? 0), enabled: id !== undefined });
  if (id === undefined) return { status: 'new' as const };
  if (query.error instanceof ApiError && query.error.status === 404) return { status: 'notFound' as const };
  if (query.error) throw query.error;
  if (query.isPending) return { status: 'loading' as const };
  return { status: 'ready' as const, record: query.data };
}

export interface EditOptions<R extends VersionedRecord> {
  resource: Resource<R, never, never>;
  specs: FieldSpecs;
  /** The contract schemas a create and an update body must satisfy (compiled validators). */
  schemas: { create: FormSchema; update: FormSchema };
  /** The record being edited; absent when creating. */
  record?: R;
  /** Adjusts the body the specification maps from the form (fields it does not know, or derived ones). */
  payload?: (body: Record<string, unknown>, values: FormValues, creating: boolean) => Record<string, unknown>;
  /** The notification after a save, instead of the standard 'saved'/'created'; the screen then goes back to the list. */
  savedMessage?: (saved: R, creating: boolean, values: FormValues) => string;
  /** Where Cancel and a save lead (inside `/app`), when not the area's list: a parent record's own list, say. */
  backHref?: string;
}

/**
 * An edit screen's behaviour without its markup: the form (react-hook-form, validated by the
 * contract), save with `version`, the stale-version dialog (reload or overwrite), server field errors
 * on their fields, delete with confirmation, the unsaved-changes guard, and the notifications.
 */
export function useEditController<R extends VersionedRecord>({ resource, specs, schemas, record, payload: toBody, savedMessage, backHref }: EditOptions<R>) {
  const intl = useIntl();
  const { link } = useScreen();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const save = useSaveRecord(resource);
  const remover = useDeleteRecords(resource);
  const names = writableFields(specs);
  const [version, setVersion] = useState(record?.version);
  const [conflict, setConflict] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const payload = (values: FormValues) => {
    const body = toPayload(specs, names, values);
    return toBody ? toBody(body, values, !record) : body;
  };

  const form = useForm<FormValues>({
    resolver: contractResolver(record ? schemas.update : schemas.create, (values: FormValues) => ({ ...payload(values), ...(record ? { version } : {}) })),
    defaultValues: record ? toFormValues(specs, names, record as unknown as Record<string, unknown>) : emptyFormValues(specs, names),
  });
  const guard = useLeaveGuard(form.formState.isDirty && !save.isSuccess && !remover.isSuccess);
  // A create opened from another screen's flow goes back there, with the new record's id.
  const returnTo = useReturnTo();
  const back = returnTo?.to ?? backHref ?? link('list') ?? '/';
  const backToList = (created?: R) => {
    guard.release();
    navigate(returnTo && created ? returnTo.back(created.id) : back);
  };

  /** Saves; then `then` takes over from the saved record (another step before leaving), or the screen goes back. */
  const submit = (values: FormValues, withVersion = version, then?: (saved: R) => void) =>
    save.mutate(
      // The body is the contract's (checked by the resolver); its static type is the resource's own.
      { id: record?.id, input: payload(values) as never, version: withVersion },
      {
        onSuccess: (saved) => {
          if (then) {
            guard.release();
            setVersion(saved.version);
            return then(saved);
          }
          const title = savedMessage?.(saved, !record, values) ?? intl.formatMessage({ id: record ? 'common.saved' : 'common.created' });
          messenger.create({ type: 'success', title });
          backToList(record ? undefined : saved);
        },
        onError: (error) => {
          if (problemKind(error) === 'stale-version') return setConflict(true);
          if (!applyServerErrors(error, names, form.setError)) notifyError(intl, error);
        },
      },
    );

  const latest = () => queryClient.fetchQuery({ ...resource.oneQuery(record!.id), staleTime: 0 });

  return {
    form,
    record,
    /** Where Cancel leads. */
    back,
    /** The version to save against after another action changed the record (an account action, say). */
    adoptVersion: setVersion,
    saving: save.isPending,
    onSubmit: form.handleSubmit((values) => submit(values)),
    /** Validates and saves like Save, then hands the saved record to `then` (a second step, such as publishing) instead of leaving. */
    submitThen: (then: (saved: R) => void) => form.handleSubmit((values) => submit(values, version, then))(),
    conflict: {
      open: conflict,
      close: () => setConflict(false),
      /** Drops the edits and shows the version saved meanwhile. */
      reload: async () => {
        const current = await latest();
        setVersion(current.version);
        form.reset(toFormValues(specs, names, current as unknown as Record<string, unknown>));
        setConflict(false);
      },
      /** Saves the edits over the version saved meanwhile. */
      overwrite: async () => {
        const current = await latest();
        setVersion(current.version);
        setConflict(false);
        submit(form.getValues(), current.version);
      },
    },
    deletion: {
      open: confirmingDelete,
      busy: remover.isPending,
      ask: () => setConfirmingDelete(true),
      close: () => setConfirmingDelete(false),
      confirm: () =>
        remover.mutate([record!.id], {
          onSuccess: () => {
            messenger.create({ type: 'success', title: intl.formatMessage({ id: 'common.deleted' }) });
            setConfirmingDelete(false);
            backToList();
          },
          onError: (error) => {
            setConfirmingDelete(false);
            notifyError(intl, error);
          },
        }),
    },
    guard,
  };
}

export type EditController = ReturnType<typeof useEditController>;
