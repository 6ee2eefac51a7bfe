// `npm test`: every check and every test, with the time each took. Two lanes side by side on the 2-core machines:
// the browser suite, whose time goes mostly to waiting on its pages, and the CPU-bound checks at a lower priority
// (measured in docs/qa.md).
import { runLanes } from './phases.mjs';

runLanes([
  { live: true, phases: [['browser', 'npm', ['run', '--silent', 'test:e2e']]] },
  {
    nice: 10,
    phases: [
      ['lint', 'npm', ['run', '--silent', 'lint']],
      ['contract lint', 'npm', ['run', '--silent', 'lint:contract']],
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['unit/API', 'npm', ['run', '--silent', 'test:unit']],
    ],
  },
]);
