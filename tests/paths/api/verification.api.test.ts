// The verification machine's generated paths (transitions criterion), replayed against the real API.
import { describeApiReplay } from './support/suite.ts';
import { verificationAdapter } from './support/verification-adapter.ts';

describeApiReplay(verificationAdapter, 'transitions');
