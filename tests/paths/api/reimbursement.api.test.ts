// The reimbursement machine's generated paths (transitions criterion), replayed against the real API.
import { reimbursementAdapter } from './support/reimbursement-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(reimbursementAdapter, 'transitions', [
  // The server checks a claim in the same request that submits it (CHECK), so through the API a claim rests in
  // `submitted` only when the check decides no line, which the engine never leaves undecided: P9 ends there.
  'submitted --CANCEL [reasonGiven] / recordCancellation, releaseInstallment--> cancelled',
]);
