// `node scripts/ci/phase.mjs <name> <command> [args…]`: one phase of .ci/run, timed into PHASES_FILE.
import { runPhases } from './phases.mjs';

const [name, command, ...args] = process.argv.slice(2);
runPhases([[name, command, args]]);
