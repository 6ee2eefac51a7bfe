import type { CoverageFacts, VerificationFlowInput } from '../../src/machines/verification-flow.machine.ts';
import type { MachineFixture, PathEvent } from '../statecharts/paths/types.ts';

/**
 * The guided opening of a verification (src/machines/verification-flow.machine.ts): its server calls are invoked
 * actors, modelled here by their outcome events (the coverage facts or an error code, the new record's id or the
 * server's refusal).
 */

const TODAY = '2026-11-21';
const COVERAGE: CoverageFacts = {
  activeToday: true,
  inactiveReason: null,
  policyEndsOn: '2027-06-30',
  currency: 'PEN',
  annualMaximumRemainingCents: 250_000,
  orthodonticRemainingCents: null,
  birthDate: '1990-03-14',
  orthodonticAgeLimit: 19,
  waitingPeriods: [{ category: 'MAJOR', endsOn: '2027-01-01' }],
};

const input = (draft?: VerificationFlowInput['draft']): VerificationFlowInput => ({ today: TODAY, draft });

const events: PathEvent[] = [
  { type: 'PICK_PATIENT', patient: { id: 12, name: 'Lucía Quispe' } },
  { type: 'PICK_PATIENT', patient: null },
  { type: 'EDIT', changes: { kind: 'ELIGIBILITY', plannedServiceDate: '2026-11-25' } },
  { type: 'EDIT', changes: { category: 'ORTHODONTIC' } },
  { type: 'EDIT', changes: { kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', plannedServiceDate: '2026-12-01' } },
  { type: 'EDIT', changes: { plannedServiceDate: '2026-11-20' } },
  { type: 'EDIT', changes: { note: 'x'.repeat(4001) } },
  { type: 'EDIT', changes: { note: 'Llamar antes de las 12.' } },
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'RETRY' },
  { type: 'SAVE' },
  { type: 'xstate.done.actor.loadCoverage', output: COVERAGE },
  { type: 'xstate.error.actor.loadCoverage', error: { code: 'network.unreachable' } },
  { type: 'xstate.done.actor.create', output: 501 },
  { type: 'xstate.error.actor.create', error: { code: 'verification.alreadyOpen' } },
];

const byType = (list: PathEvent[]): Record<string, PathEvent[]> => {
  const grouped: Record<string, PathEvent[]> = {};
  for (const event of list) (grouped[event.type] ??= []).push(event);
  return grouped;
};

export const verificationFlow: MachineFixture = {
  subject: 'the opening of a verification for a patient',
  events: byType(events),
  scenarios: [
    { name: 'blank', description: 'nothing chosen yet', input: input() },
    {
      name: 'restored',
      description: 'a draft kept from an earlier visit: patient, kind and date chosen',
      input: input({ patient: { id: 12, name: 'Lucía Quispe' }, kind: 'BENEFITS', category: 'GENERAL', plannedServiceDate: '2026-11-30', doctorId: null, note: '' }),
    },
  ],
};
