import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';
import { DateRange, useDateRange } from '../../components/list/DateRange.tsx';
import { ListShell } from '../../components/list/ListShell.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import { useListController } from '../../components/list/useListController.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { reimbursements } from '../../api/resources/reimbursements.ts';
import { reimbursementColumns } from './columns.tsx';
import { ListReassignDialog } from './ListReassign.tsx';

/** The analyst's queues, as values of the list's `state` filter (several states are one queue). */
export const QUEUES = {
  open: 'draft,submitted,inReview,needsDocuments,approved,partiallyApproved',
  toReview: 'submitted,inReview',
  needsDocuments: 'needsDocuments',
  toPay: 'approved,partiallyApproved',
  drafts: 'draft',
  closed: 'paid,rejected,cancelled',
} as const;

/** Each kind's list exports as its own list, the kind fixed by the server (server/exports/lists.ts). */
const EXPORT_LISTS = { GENERAL: 'reimbursements-general', ORTHODONTIC: 'reimbursements-orthodontic' } as const;

// The kind is the screen's, not a filter the user changes; the list's filters are choices (queue, insurer, mine,
// the documents deadline ending this week as the dashboard's tile counts it).
const { state, insurerId, assigned, createdBy, cureEnding, payment } = LIST_SPECS.reimbursements.filters;
const SPEC: ListSpec = { ...LIST_SPECS.reimbursements, filters: { state, insurerId, assigned, createdBy, cureEnding, payment } };
/** The range bounds the day the claim was created (the list's `from`/`to`). */
const CREATED_DATES = { from: 'reimbursements.filter.from', to: 'reimbursements.filter.to' };

/**
 * `/reembolsos/general` and `/reembolsos/ortodoncia`: one kind's reimbursements with the analyst's queues (to
 * review, needing documents, approved to pay), the user's own and the insurer, all in the URL.
 */
export function ReimbursementList({ kind, titleId }: { kind: 'GENERAL' | 'ORTHODONTIC'; titleId: string }) {
  const intl = useIntl();
  const { userId } = useScreen();
  const range = useDateRange();
  // The kind stays out of the export's filters: its export list fixes it (EXPORT_LISTS).
  const resource = useMemo(() => ({ ...reimbursements, listQuery: (query: object) => reimbursements.listQuery({ ...query, kind }) }), [kind]);
  const list = useListController(resource, SPEC, (query) => ({ ...query, from: range.from, to: range.to }));
  const { data: insurers = [] } = useQuery(insurerChoicesQuery());
  const queues = Object.entries(QUEUES).map(([queue, value]) => ({ value, label: intl.formatMessage({ id: `reimbursements.queue.${queue}` }) }));
  const mine = userId ? [{ value: String(userId), label: intl.formatMessage({ id: 'reimbursements.mine' }) }] : [];
  // The row being handed on, read from the list each render so a refreshed row brings its new version.
  const [reassigning, setReassigning] = useState<number | null>(null);
  const columns = useMemo(() => reimbursementColumns((row) => setReassigning(row.id)), []);
  const reassigned = list.rows?.find((row) => row.id === reassigning);
  return (
    <>
      <ListShell
        controller={list}
        title={intl.formatMessage({ id: titleId })}
        columns={columns}
        rowLabel={(row) => row.folio}
        searchPlaceholder={intl.formatMessage({ id: 'reimbursements.search' })}
        filterOptions={{ state: queues, insurerId: insurers, createdBy: mine }}
        exportAs={EXPORT_LISTS[kind]}
        open={{ screen: 'edit', params: (row) => ({ verificacion_id: row.verificationId, id: row.id }), create: null }}
      >
        <DateRange range={range} labelIds={CREATED_DATES} />
      </ListShell>
      {reassigned && <ListReassignDialog row={reassigned} onClose={() => setReassigning(null)} />}
    </>
  );
}
