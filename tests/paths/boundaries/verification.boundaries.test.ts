// Boundary fixtures of the verification machine's number and date guards: each at its edge and one unit either side.
import { describe, it } from 'vitest';
import { checkBoundary, type BoundaryCase } from './boundaries.ts';

const ORTHO = { kind: 'PREAUTHORIZATION', category: 'ORTHODONTIC', orthoAgeLimit: 19, actorIsSupervisor: true };
const ELIGIBLE = { type: 'RECORD_ELIGIBLE', channel: 'PORTAL', authorizationNumber: 'AUT-1' };
const CASES: BoundaryCase[] = [
  { name: 'orthodontics at 18 (limit 19)', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 18 }, event: ELIGIBLE, expected: { to: 'verified' } },
  { name: 'orthodontics at 19 (limit 19)', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 19 }, event: ELIGIBLE, expected: { refusedBy: 'orthoUnderAgeLimit' } },
  { name: 'orthodontics at 20 (limit 19)', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 20 }, event: ELIGIBLE, expected: { refusedBy: 'orthoUnderAgeLimit' } },
  { name: 'orthodontic lifetime: one cent left', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 12, orthoLifetimeRemainingCents: 1 }, event: ELIGIBLE, expected: { to: 'verified' } },
  { name: 'orthodontic lifetime: nothing left', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 12, orthoLifetimeRemainingCents: 0 }, event: ELIGIBLE, expected: { refusedBy: 'orthoLifetimeAvailable' } },
  { name: 'orthodontic lifetime: overdrawn', state: 'inProgress', facts: { ...ORTHO, patientAgeOnServiceDate: 12, orthoLifetimeRemainingCents: -1 }, event: ELIGIBLE, expected: { refusedBy: 'orthoLifetimeAvailable' } },
  { name: 'annual maximum: one cent left', state: 'inProgress', facts: { annualMaximumRemainingCents: 1 }, event: ELIGIBLE, expected: { to: 'verified' } },
  { name: 'annual maximum: exactly used up', state: 'inProgress', facts: { annualMaximumRemainingCents: 0 }, event: ELIGIBLE, expected: { to: 'verified' } },
  { name: 'annual maximum: one cent over', state: 'inProgress', facts: { annualMaximumRemainingCents: -1 }, event: ELIGIBLE, expected: { refusedBy: 'annualMaximumAvailable' } },
  { name: 'expiry the day before the end of validity', state: 'verified', facts: { validUntil: '2025-03-31', today: '2025-03-30' }, event: { type: 'EXPIRE' }, expected: { refusedBy: 'validityElapsed' } },
  { name: 'expiry on the last valid day', state: 'verified', facts: { validUntil: '2025-03-31', today: '2025-03-31' }, event: { type: 'EXPIRE' }, expected: { refusedBy: 'validityElapsed' } },
  { name: 'expiry on the first day after', state: 'verified', facts: { validUntil: '2025-03-31', today: '2025-04-01' }, event: { type: 'EXPIRE' }, expected: { to: 'expired' } },
];

describe('verification — boundaries', () => {
  for (const c of CASES) it(c.name, () => checkBoundary('verification', c));
});
