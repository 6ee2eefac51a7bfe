import type { ListColumn } from '../../components/list/columns.tsx';
import type { Verification } from '../../api/resources/verifications.ts';
import { Age, Day, KindText, ServiceDate, ValidityLeft, VerificationStateBadge } from './VerificationCells.tsx';

const folio: ListColumn<Verification> = { id: 'folio', labelId: 'verifications.field.folio', sortable: true, primary: true, cell: (v) => <bdi>{v.folio}</bdi> };
const patient: ListColumn<Verification> = { id: 'patientName', labelId: 'verifications.field.patientName', sortable: false, primary: false, cell: (v) => <bdi>{v.patientName}</bdi> };
const kind: ListColumn<Verification> = { id: 'kind', labelId: 'verifications.field.kind', sortable: false, primary: false, cell: (v) => <KindText verification={v} /> };
const state: ListColumn<Verification> = { id: 'state', labelId: 'verifications.field.state', sortable: true, primary: false, cell: (v) => <VerificationStateBadge state={v.state} /> };
const insurer: ListColumn<Verification> = { id: 'insurerName', labelId: 'verifications.field.insurerName', sortable: false, primary: false, cell: (v) => <bdi>{v.insurerName}</bdi> };

/** The open worklist: whose it is and how long it has waited; `claim` is the row's "take it" button. */
export const worklistColumns = (claim: ListColumn<Verification>): ListColumn<Verification>[] => [
  folio,
  patient,
  kind,
  { id: 'plannedServiceDate', labelId: 'verifications.field.plannedServiceDate', sortable: true, primary: false, cell: (v) => <ServiceDate verification={v} /> },
  state,
  { id: 'assigneeName', labelId: 'verifications.field.assigneeName', sortable: false, primary: false, cell: (v) => <bdi>{v.assigneeName ?? '—'}</bdi> },
  { id: 'createdAt', labelId: 'verifications.field.age', sortable: true, primary: false, cell: (v) => <Age verification={v} /> },
  claim,
];

/** The resolved ones, with what validity a verified one has left. */
export const HISTORY_COLUMNS: ListColumn<Verification>[] = [
  folio,
  patient,
  kind,
  insurer,
  { id: 'plannedServiceDate', labelId: 'verifications.field.plannedServiceDate', sortable: true, primary: false, cell: (v) => <Day value={v.plannedServiceDate} /> },
  state,
  { id: 'validUntil', labelId: 'verifications.field.validUntil', sortable: false, primary: false, cell: (v) => <ValidityLeft verification={v} /> },
];
