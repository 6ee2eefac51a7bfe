// The policy machine's generated paths (transitions criterion), replayed against the real API.
import { policyAdapter } from './support/policy-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(policyAdapter, 'transitions');
