import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { UserRoundPen } from 'lucide-react';
import { useIntl } from 'react-intl';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowRecord } from '../../components/workflow/useWorkflowRecord.ts';
import { assigneesQuery, reimbursementWorkflow, type Reimbursement, type ReimbursementEventBody } from '../../api/resources/reimbursements.ts';
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
 * changed meanwhile opens the stale-version dialog and the list shows it as it is now; the choice stays made.
 */
export function ListReassignDialog({ row, onClose }: { row: Reimbursement; onClose: () => void }) {
  const intl = useIntl();
  const { userId } = useScreen();
  const assignees = useQuery(assigneesQuery(row.id));
  const choices = (assignees.data ?? []).filter((user) => user.id !== userId && user.id !== row.assigneeId);
  const workflow = useWorkflowRecord(row, reimbursementWorkflow);
  const send = (body: Omit<ReimbursementEventBody, 'version'>) =>
    workflow.send(body, {
      inDialog: true,
      onSuccess: (fresh) => {
        messenger.create({ type: 'success', title: intl.formatMessage({ id: 'reimbursements.assign.done' }, { folio: fresh.folio, name: fresh.assigneeName ?? '' }) });
        onClose();
      },
    });
  return (
    <>
      <AssignDialog choices={choices} busy={workflow.pending || assignees.isPending} error={workflow.refusal} onSend={send} onClose={onClose} />
      <StaleVersionDialog {...workflow.stale} />
    </>
  );
}
