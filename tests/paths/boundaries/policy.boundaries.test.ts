// Boundary fixtures of the policy machine's date guards: each at its edge and one day either side.
import { describe, it } from 'vitest';
import { checkBoundary, type BoundaryCase } from './boundaries.ts';

const YEAR = { startsOn: '2025-01-01', endsOn: '2025-12-31' };
const CASES: BoundaryCase[] = [
  { name: 'activated the day before its start', state: 'pending', facts: { ...YEAR, today: '2024-12-31' }, event: { type: 'ACTIVATE' }, expected: { refusedBy: 'validityStarted' } },
  { name: 'activated on its first day', state: 'pending', facts: { ...YEAR, today: '2025-01-01' }, event: { type: 'ACTIVATE' }, expected: { to: 'active' } },
  { name: 'activated on its last day', state: 'pending', facts: { ...YEAR, today: '2025-12-31' }, event: { type: 'ACTIVATE' }, expected: { to: 'active' } },
  { name: 'activated the day after its end', state: 'pending', facts: { ...YEAR, today: '2026-01-01' }, event: { type: 'ACTIVATE' }, expected: { refusedBy: 'validityNotEnded' } },
  { name: 'expired on its last day', state: 'active', facts: { ...YEAR, today: '2025-12-31' }, event: { type: 'EXPIRE' }, expected: { refusedBy: 'validityEnded' } },
  { name: 'expired the day after its end', state: 'active', facts: { ...YEAR, today: '2026-01-01' }, event: { type: 'EXPIRE' }, expected: { to: 'expired' } },
  { name: 'resumed on its last day', state: 'suspended', facts: { ...YEAR, today: '2025-12-31' }, event: { type: 'RESUME' }, expected: { to: 'active' } },
  { name: 'resumed the day after its end', state: 'suspended', facts: { ...YEAR, today: '2026-01-01' }, event: { type: 'RESUME' }, expected: { refusedBy: 'validityNotEnded' } },
  { name: 'renewed to its own end', state: 'active', facts: { ...YEAR, today: '2025-06-01' }, event: { type: 'RENEW', endsOn: '2025-12-31' }, expected: { refusedBy: 'renewalEndValid' } },
  { name: 'renewed to the day after its end', state: 'active', facts: { ...YEAR, today: '2025-06-01' }, event: { type: 'RENEW', endsOn: '2026-01-01' }, expected: { to: 'active' } },
  { name: 'expired policy renewed to today', state: 'expired', facts: { ...YEAR, today: '2026-02-01' }, event: { type: 'RENEW', endsOn: '2026-02-01' }, expected: { refusedBy: 'renewalEndValid' } },
  { name: 'expired policy renewed to tomorrow', state: 'expired', facts: { ...YEAR, today: '2026-02-01' }, event: { type: 'RENEW', endsOn: '2026-02-02' }, expected: { to: 'active' } },
];

describe('policy — boundaries', () => {
  for (const c of CASES) it(c.name, () => checkBoundary('policy', c));
});
