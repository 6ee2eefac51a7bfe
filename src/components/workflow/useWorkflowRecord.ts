import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';
import { refusalTextId } from '@core/workflows/texts.ts';
import { ApiError, problemKind } from '../../api/client.ts';
import type { WorkflowEndpoint } from '../../api/workflow-endpoint.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { notifier } from '../feedback/toaster.tsx';
import { codeMessage } from '../../i18n/form-messages.ts';

type Versioned = { id: number; version: number };

/** Where a refusal is said: inside the dialog the user acted in, or as a notification. */
type SendOptions<R> = { inDialog?: boolean; onSuccess?: (fresh: R) => void; onFailure?: () => void };

const refusalText = (intl: IntlShape, error: unknown) =>
  problemKind(error) === 'rule-refused' ? intl.formatMessage({ id: refusalTextId((error as ApiError).code) }) : codeMessage(intl, (error as ApiError).code);

/**
 * Sending a workflow event, the same on every screen: the body goes with the version on screen; success refreshes
 * the record, its history and lists; a stale version opens the stale-version dialog; a guard's refusal or a state
 * conflict is said in the user's words where they acted; either way the record is read again, as it is now.
 * For a list of records (a panel of policies): each send names its record.
 */
export function useWorkflowEvents<R extends Versioned, B extends { type: string }>(endpoint: WorkflowEndpoint<R, B>) {
  const intl = useIntl();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ record, body }: { record: R; body: B }) => endpoint.send(record.id, { ...body, version: record.version }),
    onMutate: () => setRefusal(null),
    // Where the answer is on screen at once, the next event may be sent while history and lists are read again
    // (waiting for them made a quick click on the next action a click on a busy screen, which did nothing).
    onSuccess: (fresh, { record }) => {
      const reread = endpoint.refresh(client, record.id, fresh);
      return endpoint.waitsForReread ? reread : undefined;
    },
  });
  const send = (record: R, body: B, { inDialog = false, onSuccess, onFailure }: SendOptions<R> = {}) =>
    mutation.mutate(
      { record, body },
      {
        onSuccess: (fresh) => onSuccess?.(fresh),
        onError: (error) => {
          onFailure?.();
          const kind = problemKind(error);
          if (kind === 'stale-version') setStale(true);
          else if (kind === 'rule-refused' || kind === 'state-conflict') {
            if (inDialog) setRefusal(refusalText(intl, error));
            else notifier.create({ type: 'error', title: refusalText(intl, error) });
          } else return notifyError(intl, error);
          void endpoint.refresh(client, record.id);
        },
      },
    );
  return {
    send,
    /** The record and event on their way, for the button that shows it busy. */
    busy: mutation.isPending ? { id: mutation.variables.record.id, type: mutation.variables.body.type } : null,
    pending: mutation.isPending,
    refusal,
    clearRefusal: () => setRefusal(null),
    stale: { open: stale, close: () => setStale(false) },
  };
}

/** {@link useWorkflowEvents} for the one record a screen shows, sent with the version it shows now. */
export function useWorkflowRecord<R extends Versioned, B extends { type: string }>(record: R, endpoint: WorkflowEndpoint<R, B>) {
  const events = useWorkflowEvents(endpoint);
  return {
    ...events,
    send: (body: B, options?: SendOptions<R>) => events.send(record, body, options),
    busy: events.busy?.type ?? null,
  };
}
