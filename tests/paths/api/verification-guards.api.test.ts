// The verification machine's generated paths for the guards criterion (each guard passing and refusing),
// replayed against the real API: a refused step must answer 409 with the guard's rule code.
import { describeApiReplay } from './support/suite.ts';
import { verificationAdapter } from './support/verification-adapter.ts';

describeApiReplay(verificationAdapter, 'guards', [
  // Refused by the contract first (400 on the field, asserted by the replay): the guard never sees them.
  'assigneeValid:false',
  'channelGiven:false',
  // A claim needs a verified verification, and a verified one takes no CANCEL.
  'noReimbursements:false',
]);
