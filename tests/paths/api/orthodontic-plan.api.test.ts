// The orthodontic plan machine's generated paths (transitions criterion), replayed against the real API.
import { orthodonticPlanAdapter } from './support/orthodontic-plan-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(orthodonticPlanAdapter, 'transitions');
