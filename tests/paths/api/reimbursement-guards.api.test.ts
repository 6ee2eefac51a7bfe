// The reimbursement machine's generated paths for the guards criterion (each guard passing and refusing),
// replayed against the real API: a refused step must answer 409 with the guard's rule code (403 for an editor
// who may not edit).
import { reimbursementAdapter } from './support/reimbursement-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(reimbursementAdapter, 'guards', [
  // Refused before the workflow (400 on the field, asserted by the replay): the assignee's minimum in the
  // contract, the reason code's catalog check in the server.
  'rejectionReasonCodeGiven:false',
  'assigneeGiven:false',
  // The automatic check decides every line in the request that submits, and only PAY records a payment.
  'allLinesRejected:false',
  'notAlreadyPaid:false',
]);
