// The patient-coverage machine's generated paths for the guards criterion (each guard passing and refusing),
// replayed against the real API: a refused enrolment or amendment must answer 422 with the guard's rule code and
// leave nothing behind, a refused suspension, resumption or end of coverage 409.
import { patientCoverageAdapter } from './support/patient-coverage-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(patientCoverageAdapter, 'guards');
