// The reimbursement machine's generated paths (transitions criterion), replayed against the real API: every
// transition is reached. (`submitted` is left only by the automatic CHECK, which the server sends in the request
// that submits: the machine offers no other event there, so no transition waits on a state the API never rests in.)
import { reimbursementAdapter } from './support/reimbursement-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(reimbursementAdapter, 'transitions');
