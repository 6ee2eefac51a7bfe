// Boundary fixtures of the reimbursement machine's number and date guards: each at its edge and one unit either side.
// (A CHECK that neither branch takes is refused with its first branch's rule, someLineApproved.)
import { describe, it } from 'vitest';
import { checkBoundary, type BoundaryCase } from './boundaries.ts';

const T = 100_000; // the approval threshold of the fixture's facts
const CASES: BoundaryCase[] = [
  { name: 'payable one cent under the threshold', state: 'inReview', facts: { payableCents: T - 1, approvalThresholdCents: T }, event: { type: 'APPROVE' }, expected: { to: 'approved' } },
  { name: 'payable exactly at the threshold', state: 'inReview', facts: { payableCents: T, approvalThresholdCents: T }, event: { type: 'APPROVE' }, expected: { refusedBy: 'withinApprovalAuthority' } },
  { name: 'payable one cent above the threshold', state: 'inReview', facts: { payableCents: T + 1, approvalThresholdCents: T }, event: { type: 'APPROVE' }, expected: { refusedBy: 'withinApprovalAuthority' } },
  { name: 'at the threshold with the right to approve above it', state: 'inReview', facts: { payableCents: T, approvalThresholdCents: T, actorCanApproveAboveThreshold: true }, event: { type: 'APPROVE' }, expected: { to: 'approved' } },
  { name: 'nothing payable', state: 'inReview', facts: { payableCents: 0 }, event: { type: 'APPROVE' }, expected: { refusedBy: 'payablePositive' } },
  { name: 'one cent payable', state: 'inReview', facts: { payableCents: 1 }, event: { type: 'APPROVE' }, expected: { to: 'approved' } },
  { name: 'one line rejected: approved in part', state: 'inReview', facts: { approvedLineCount: 1, rejectedLineCount: 1 }, event: { type: 'APPROVE' }, expected: { to: 'partiallyApproved' } },
  { name: 'no line rejected: approved in full', state: 'inReview', facts: { approvedLineCount: 2, rejectedLineCount: 0 }, event: { type: 'APPROVE' }, expected: { to: 'approved' } },
  { name: 'no lines', state: 'draft', facts: { lineCount: 0 }, event: { type: 'SUBMIT' }, expected: { refusedBy: 'hasLines' } },
  { name: 'one line', state: 'draft', facts: { lineCount: 1, approvedLineCount: 1 }, event: { type: 'SUBMIT' }, expected: { to: 'submitted' } },
  { name: 'one duplicate line', state: 'draft', facts: { duplicateLineCount: 1 }, event: { type: 'SUBMIT' }, expected: { refusedBy: 'noDuplicateLines' } },
  { name: 'check: one line approved', state: 'submitted', facts: { lineCount: 2, approvedLineCount: 1, rejectedLineCount: 1 }, event: { type: 'CHECK' }, expected: { to: 'inReview' } },
  { name: 'check: every line rejected', state: 'submitted', facts: { lineCount: 2, approvedLineCount: 0, rejectedLineCount: 2 }, event: { type: 'CHECK' }, expected: { to: 'rejected' } },
  { name: 'check: one line of two rejected, none approved', state: 'submitted', facts: { lineCount: 2, approvedLineCount: 0, rejectedLineCount: 1 }, event: { type: 'CHECK' }, expected: { refusedBy: 'someLineApproved' } },
  { name: 'check: no lines at all is not "every line rejected"', state: 'submitted', facts: { lineCount: 0, approvedLineCount: 0, rejectedLineCount: 0 }, event: { type: 'CHECK' }, expected: { refusedBy: 'someLineApproved' } },
  { name: 'resubmitted the day before the cure deadline', state: 'needsDocuments', facts: { cureDeadline: '2025-05-10', today: '2025-05-09' }, event: { type: 'RESUBMIT' }, expected: { to: 'submitted' } },
  { name: 'resubmitted on the cure deadline', state: 'needsDocuments', facts: { cureDeadline: '2025-05-10', today: '2025-05-10' }, event: { type: 'RESUBMIT' }, expected: { to: 'submitted' } },
  { name: 'resubmitted the day after the cure deadline', state: 'needsDocuments', facts: { cureDeadline: '2025-05-10', today: '2025-05-11' }, event: { type: 'RESUBMIT' }, expected: { refusedBy: 'withinCurePeriod' } },
  { name: 'cure period ended on its last day', state: 'needsDocuments', facts: { cureDeadline: '2025-05-10', today: '2025-05-10' }, event: { type: 'CURE_PERIOD_ENDED' }, expected: { refusedBy: 'curePeriodElapsed' } },
  { name: 'cure period ended the day after', state: 'needsDocuments', facts: { cureDeadline: '2025-05-10', today: '2025-05-11' }, event: { type: 'CURE_PERIOD_ENDED' }, expected: { to: 'rejected' } },
];

describe('reimbursement — boundaries', () => {
  for (const c of CASES) it(c.name, () => checkBoundary('reimbursement', c));
});
