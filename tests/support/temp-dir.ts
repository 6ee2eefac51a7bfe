import fs from 'node:fs';
import path from 'node:path';
import { runDir } from './run-dir.ts';

/** A new directory for one test's files, inside the run's folder, which tests/global-setup.ts removes when the run ends. */
export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(runDir(), prefix));
