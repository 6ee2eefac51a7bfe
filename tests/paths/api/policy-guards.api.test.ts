// The policy machine's generated paths for the guards criterion (each guard passing and refusing), replayed
// against the real API: a refused step must answer 409 with the guard's rule code.
import { policyAdapter } from './support/policy-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(policyAdapter, 'guards');
