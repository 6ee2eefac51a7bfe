// The orthodontic plan machine's generated paths for the guards criterion (each guard passing and refusing),
// replayed against the real API: a refused step must answer 409 with the guard's rule code.
import { orthodonticPlanAdapter } from './support/orthodontic-plan-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(orthodonticPlanAdapter, 'guards', [
  // A malformed debond date is refused by the contract first (400 on the field, asserted by the replay).
  'debondDateValid:false',
  // A pre-authorisation is verified only with its authorisation number.
  'authorizationNumberRecorded:false',
]);
