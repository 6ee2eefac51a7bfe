import { Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { ListColumn } from '../../components/list/columns.tsx';
import type { Reimbursement } from '../../api/resources/reimbursements.ts';
import type { Verification } from '../../api/resources/verifications.ts';
import { Ageing, Assignee, Day, Money, ReimbursementStateBadge } from './ReimbursementCells.tsx';
import { ReassignButton } from './ListReassign.tsx';
import { ValidityLeft } from './ValidityLeft.tsx';

/** The reimbursement lists' columns; the assignee's cell carries the row's "Reasignar" for a supervisor. */
export const reimbursementColumns = (onReassign: (row: Reimbursement) => void): ListColumn<Reimbursement>[] => [
  { id: 'folio', labelId: 'reimbursements.field.folio', sortable: true, primary: true, cell: (r) => <bdi>{r.folio}</bdi> },
  { id: 'patientName', labelId: 'reimbursements.field.patientName', sortable: false, primary: false, cell: (r) => <bdi>{r.patientName}</bdi> },
  { id: 'insurerName', labelId: 'reimbursements.field.insurerName', sortable: false, primary: false, cell: (r) => <bdi>{r.insurerName}</bdi> },
  { id: 'state', labelId: 'reimbursements.field.state', sortable: true, primary: false, cell: (r) => <ReimbursementStateBadge state={r.state} /> },
  { id: 'claimedCents', labelId: 'reimbursements.field.claimedCents', sortable: true, primary: false, cell: (r) => <Money cents={r.claimedCents} currency={r.currency} /> },
  { id: 'payableCents', labelId: 'reimbursements.field.payableCents', sortable: true, primary: false, cell: (r) => <Money cents={r.payableCents} currency={r.currency} /> },
  {
    id: 'assigneeName',
    labelId: 'reimbursements.field.assigneeName',
    sortable: false,
    primary: false,
    // The button under the name: side by side they pushed the last column out of a 1440 px screen.
    cell: (r) => (
      <Stack gap="1" align="start">
        <Assignee name={r.assigneeName} />
        <ReassignButton row={r} onOpen={onReassign} />
      </Stack>
    ),
  },
  { id: 'createdAt', labelId: 'reimbursements.field.age', sortable: true, primary: false, cell: (r) => <Ageing reimbursement={r} /> },
];

export const READY_COLUMNS: ListColumn<Verification>[] = [
  { id: 'folio', labelId: 'reimbursements.ready.folio', sortable: true, primary: true, cell: (v) => <bdi>{v.folio}</bdi> },
  { id: 'patientName', labelId: 'reimbursements.field.patientName', sortable: false, primary: false, cell: (v) => <bdi>{v.patientName}</bdi> },
  { id: 'insurerName', labelId: 'reimbursements.field.insurerName', sortable: false, primary: false, cell: (v) => <bdi>{`${v.insurerName} · ${v.policyNumber}`}</bdi> },
  {
    id: 'authorised',
    labelId: 'reimbursements.ready.authorised',
    sortable: false,
    primary: false,
    cell: (v) => (
      <span>
        <FormattedMessage id={`reimbursements.verificationKind.${v.kind}`} /> · <FormattedMessage id={`reimbursements.category.${v.category}`} />
        {v.authorizationNumber && <bdi>{` · ${v.authorizationNumber}`}</bdi>}
      </span>
    ),
  },
  { id: 'plannedServiceDate', labelId: 'reimbursements.ready.plannedServiceDate', sortable: true, primary: false, cell: (v) => <Day value={v.plannedServiceDate} /> },
  { id: 'validUntil', labelId: 'reimbursements.ready.validUntil', sortable: false, primary: false, cell: (v) => <ValidityLeft until={v.validUntil} /> },
];
