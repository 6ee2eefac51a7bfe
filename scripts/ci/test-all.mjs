// `npm test`: every check and every test, in phases, with the time each took.
import { runPhases } from './phases.mjs';

runPhases([
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['contract lint', 'npm', ['run', '--silent', 'lint:contract']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit/API', 'npm', ['run', '--silent', 'test:unit']],
  ['browser', 'npm', ['run', '--silent', 'test:e2e']],
]);
