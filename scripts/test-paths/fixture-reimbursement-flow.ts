import type { FlowLine, FlowRecord, ReimbursementFlowInput } from '../../src/machines/reimbursement-flow.machine.ts';
import type { MachineFixture, PathEvent } from '../statecharts/paths/types.ts';

/**
 * The reimbursement creation flow (src/machines/reimbursement-flow.machine.ts): its server calls are invoked
 * actors, modelled here by their outcome events (done with a record that may or may not be submitted, or an
 * error with the server's code), as the session machine's are.
 */

const TODAY = '2025-05-10';
const FILLING: FlowLine = { key: 'l1', procedureCode: 'D2391', requiresTooth: true, tooth: '16', surfaces: 'MO', serviceDate: '2025-05-02', quantity: 1, chargedCents: 9_000 };
const DRAFT: FlowRecord = { id: 41, version: 1, state: 'draft', allowedEvents: ['SUBMIT', 'CANCEL'], missingDocuments: [] };
const DRAFT_MISSING_INVOICE: FlowRecord = { ...DRAFT, version: 2, allowedEvents: ['CANCEL'], missingDocuments: ['INVOICE'] };

const input = (draft?: ReimbursementFlowInput['draft']): ReimbursementFlowInput => ({ verificationId: 7, idempotencyKey: 'flow-key-0001', today: TODAY, draft });

const events: PathEvent[] = [
  { type: 'EDIT_INVOICE', changes: { doctorId: 3, invoiceNumber: 'F-2025-0101', invoiceDate: '2025-05-03' } },
  { type: 'EDIT_INVOICE', changes: { invoiceDate: '2025-06-01' } },
  { type: 'ADD_LINE', line: { ...FILLING } },
  { type: 'ADD_LINE', line: { ...FILLING, key: 'l2', procedureCode: 'D1110', requiresTooth: false, tooth: '', surfaces: '', quantity: 0 } },
  { type: 'EDIT_LINE', key: 'l1', changes: { tooth: '' } },
  { type: 'REMOVE_LINE', key: 'l1' },
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'RETRY' },
  { type: 'SUBMIT' },
  { type: 'DOCUMENTS_CHANGED', record: DRAFT },
  { type: 'DOCUMENTS_CHANGED', record: DRAFT_MISSING_INVOICE },
  { type: 'xstate.done.actor.saveDraft', output: DRAFT },
  { type: 'xstate.done.actor.saveDraft', output: DRAFT_MISSING_INVOICE },
  { type: 'xstate.error.actor.saveDraft', error: { code: 'reimbursement.doctorSuspended' } },
  { type: 'xstate.done.actor.previewLiquidation', output: { status: 'APPROVED', totals: { claimedCents: 9_000, payableCents: 7_200 } } },
  { type: 'xstate.error.actor.previewLiquidation', error: { code: 'network.unreachable' } },
  { type: 'xstate.done.actor.submit', output: { ...DRAFT, version: 3, state: 'inReview', allowedEvents: [] } },
  { type: 'xstate.error.actor.submit', error: { code: 'conflict.staleVersion' } },
];

const byType = (list: PathEvent[]): Record<string, PathEvent[]> => {
  const grouped: Record<string, PathEvent[]> = {};
  for (const event of list) (grouped[event.type] ??= []).push(event);
  return grouped;
};

export const reimbursementFlow: MachineFixture = {
  subject: 'the creation of a reimbursement from a verification',
  events: byType(events),
  scenarios: [
    { name: 'blank', description: 'nothing typed yet', input: input() },
    {
      name: 'invoice-only',
      description: 'a draft kept with its invoice filled in and no line yet',
      input: input({ invoice: { doctorId: 3, invoiceNumber: 'F-2025-0101', invoiceDate: '2025-05-03', payee: 'PROVIDER' }, lines: [] }),
    },
    {
      name: 'restored',
      description: 'a draft kept from an earlier visit: invoice filled in, one filling on tooth 16',
      input: input({ invoice: { doctorId: 3, invoiceNumber: 'F-2025-0101', invoiceDate: '2025-05-03', payee: 'HOLDER' }, lines: [FILLING] }),
    },
  ],
};
