// The patient-coverage machine's generated paths (transitions criterion), replayed against the real API: the
// enrolment is the patient's POST, an amendment its PUT, the rest events.
import { patientCoverageAdapter } from './support/patient-coverage-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(patientCoverageAdapter, 'transitions');
