import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserRoundPen } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { refusalTextId } from '@core/workflows/texts.ts';
import { assigneesQuery, reimbursements, sendReimbursementEvent, type Reimbursement, type ReimbursementEventBody } from '../../api/resources/reimbursements.ts';
import { AssignDialog } from './review/AssignDialog.tsx';

/** The row's "Reasignar", offered where the API says the reader may hand the claim on (a supervisor). */
export function ReassignButton({ row, onOpen }: { row: Reimbursement; onOpen: (row: Reimbursement) => void }) {
  const intl = useIntl();
  if (!row.reassignable) return null;
  return (
    // Above a card's covering link on a phone, so the button and not the card takes the tap.
    <Button size="xs" variant="outline" position="relative" zIndex="1" aria-label={intl.formatMessage({ id: 'reimbursements.assign.openRow' }, { folio: row.folio })} onClick={() => onOpen(row)}>
      <UserRoundPen aria-hidden size={14} />
      {intl.formatMessage({ id: 'reimbursements.assign.open' })}
    </Button>
  );
}

/**
 * The record screen's AssignDialog for a listed claim: ASSIGN sent with the row's version, so a claim someone
 * changed meanwhile is refused and the list shows it as it is now; on success the list's rows are read again.
 */
export function ListReassignDialog({ row, onClose }: { row: Reimbursement; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const { userId } = useScreen();
  const assignees = useQuery(assigneesQuery(row.id));
  const choices = (assignees.data ?? []).filter((user) => user.id !== userId && user.id !== row.assigneeId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: Omit<ReimbursementEventBody, 'version'>) => sendReimbursementEvent(row.id, { ...body, version: row.version }),
    onMutate: () => setRefusal(null),
    onSuccess: (fresh) => {
      client.setQueryData(reimbursements.keys.detail(fresh.id), fresh);
      messenger.create({ type: 'success', title: intl.formatMessage({ id: 'reimbursements.assign.done' }, { folio: fresh.folio, name: fresh.assigneeName ?? '' }) });
      onClose();
      return client.invalidateQueries({ queryKey: reimbursements.keys.lists });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return notifyError(intl, error);
      // Changed or moved on meanwhile: say so here, and show the row as it is now (its new version included).
      const code = error.code ?? '';
      setRefusal(code === 'conflict.staleVersion' ? codeMessage(intl, code) : intl.formatMessage({ id: refusalTextId(code) }));
      void client.invalidateQueries({ queryKey: reimbursements.keys.lists });
    },
  });
  return <AssignDialog choices={choices} busy={send.isPending || assignees.isPending} error={refusal} onSend={(body) => send.mutate(body)} onClose={onClose} />;
}
