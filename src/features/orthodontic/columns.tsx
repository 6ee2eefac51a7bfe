import type { ListColumn } from '../../components/list/columns.tsx';
import type { Plan } from '../../api/resources/orthodontic-plans.ts';
import { Day, Money, PlanStateBadge, TreatmentCode } from './PlanCells.tsx';

/** The plans list: who, which treatment, where it stands and what it is expected to pay. */
export const PLAN_COLUMNS: ListColumn<Plan>[] = [
  { id: 'patientName', labelId: 'orthodonticPlans.field.patientName', sortable: false, primary: true, cell: (p) => <bdi>{p.patientName}</bdi> },
  { id: 'treatmentCode', labelId: 'orthodonticPlans.field.treatmentCode', sortable: false, primary: false, cell: (p) => <TreatmentCode code={p.treatmentCode} /> },
  { id: 'doctorName', labelId: 'orthodonticPlans.field.doctorName', sortable: false, primary: false, cell: (p) => <bdi>{p.doctorName}</bdi> },
  { id: 'state', labelId: 'orthodonticPlans.field.state', sortable: true, primary: false, cell: (p) => <PlanStateBadge state={p.state} /> },
  { id: 'feeCents', labelId: 'orthodonticPlans.field.feeCents', sortable: true, primary: false, cell: (p) => <Money cents={p.feeCents} currency={p.currency} /> },
  { id: 'estimatedBenefitCents', labelId: 'orthodonticPlans.field.estimatedBenefitCents', sortable: false, primary: false, cell: (p) => <Money cents={p.estimatedBenefitCents} currency={p.currency} /> },
  { id: 'paidBenefitCents', labelId: 'orthodonticPlans.field.paidBenefitCents', sortable: false, primary: false, cell: (p) => <Money cents={p.paidBenefitCents} currency={p.currency} /> },
  { id: 'bandingDate', labelId: 'orthodonticPlans.field.bandingDate', sortable: true, primary: false, cell: (p) => <Day value={p.bandingDate} /> },
  { id: 'insurerName', labelId: 'orthodonticPlans.field.insurerName', sortable: false, primary: false, cell: (p) => <bdi>{p.insurerName}</bdi> },
  { id: 'createdAt', labelId: 'orthodonticPlans.field.createdAt', sortable: true, primary: false, cell: (p) => <Day value={p.createdAt.slice(0, 10)} /> },
];
