// Prints the phase table of PHASES_FILE (.ci/run, at its end).
import fs from 'node:fs';
import { phaseTable } from './phases.mjs';

const lines = fs.readFileSync(process.env.PHASES_FILE, 'utf8').split('\n').filter(Boolean);
console.log(`\nCI phases\n${phaseTable(lines)}`);
