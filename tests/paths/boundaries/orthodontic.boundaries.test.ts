// Boundary fixtures of the orthodontic plan's and instalment's number and date guards: each at its edge and one unit either side.
import { describe, it } from 'vitest';
import { checkBoundary, type BoundaryCase } from './boundaries.ts';

const TODAY = '2025-06-15'; // the plan fixture's today
const PLAN: BoundaryCase[] = [
  { name: 'banded yesterday', state: 'approved', event: { type: 'ACTIVATE', bandingDate: '2025-06-14' }, expected: { to: 'active' } },
  { name: 'banded today', state: 'approved', event: { type: 'ACTIVATE', bandingDate: TODAY }, expected: { to: 'active' } },
  { name: 'banded tomorrow', state: 'approved', event: { type: 'ACTIVATE', bandingDate: '2025-06-16' }, expected: { refusedBy: 'bandingDateValid' } },
  { name: '18 at banding (limit 19)', state: 'approved', facts: { patientAgeAtBanding: 18, ageLimit: 19 }, event: { type: 'ACTIVATE', bandingDate: TODAY }, expected: { to: 'active' } },
  { name: '19 at banding (limit 19)', state: 'approved', facts: { patientAgeAtBanding: 19, ageLimit: 19 }, event: { type: 'ACTIVATE', bandingDate: TODAY }, expected: { refusedBy: 'underAgeLimitAtBanding' } },
  { name: 'lifetime maximum: one cent left', state: 'active', facts: { lifetimeRemainingCents: 1 }, event: { type: 'LIFETIME_MAXIMUM_REACHED' }, expected: { refusedBy: 'lifetimeMaximumReached' } },
  { name: 'lifetime maximum: exactly used up', state: 'active', facts: { lifetimeRemainingCents: 0 }, event: { type: 'LIFETIME_MAXIMUM_REACHED' }, expected: { to: 'exhausted' } },
  { name: 'lifetime maximum: overdrawn', state: 'active', facts: { lifetimeRemainingCents: -1 }, event: { type: 'LIFETIME_MAXIMUM_REACHED' }, expected: { to: 'exhausted' } },
  { name: 'debonded today', state: 'active', event: { type: 'REGISTER_DEBOND', date: TODAY }, expected: { to: 'completed' } },
  { name: 'debonded tomorrow', state: 'active', event: { type: 'REGISTER_DEBOND', date: '2025-06-16' }, expected: { refusedBy: 'debondDateValid' } },
  { name: 'schedule over: no instalment open', state: 'active', facts: { openInstallments: 0 }, event: { type: 'SCHEDULE_FINISHED' }, expected: { to: 'completed' } },
  { name: 'schedule over: one instalment open', state: 'active', facts: { openInstallments: 1 }, event: { type: 'SCHEDULE_FINISHED' }, expected: { refusedBy: 'noOpenInstallments' } },
];
const INSTALLMENT: BoundaryCase[] = [
  { name: 'due yesterday', state: 'scheduled', facts: { dueDate: '2025-06-30', today: '2025-07-01' }, event: { type: 'FALL_DUE' }, expected: { to: 'claimable' } },
  { name: 'due today', state: 'scheduled', facts: { dueDate: '2025-07-01', today: '2025-07-01' }, event: { type: 'FALL_DUE' }, expected: { to: 'claimable' } },
  { name: 'due tomorrow', state: 'scheduled', facts: { dueDate: '2025-07-02', today: '2025-07-01' }, event: { type: 'FALL_DUE' }, expected: { refusedBy: 'isDue' } },
  { name: 'lifetime: one cent left', state: 'scheduled', facts: { lifetimeRemainingCents: 1 }, event: { type: 'FALL_DUE' }, expected: { to: 'claimable' } },
  { name: 'lifetime: nothing left', state: 'scheduled', facts: { lifetimeRemainingCents: 0 }, event: { type: 'FALL_DUE' }, expected: { to: 'skipped' } },
];

describe('orthodontic plan — boundaries', () => {
  for (const c of PLAN) it(c.name, () => checkBoundary('orthodontic-plan', c));
});
describe('orthodontic instalment — boundaries', () => {
  for (const c of INSTALLMENT) it(c.name, () => checkBoundary('orthodontic-installment', c));
});
