import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopPostgresCluster } from './support/postgres-server.ts';

/**
 * One folder for the run's shared pieces: demo database templates (tests/support/db-template.ts) and the
 * PostgreSQL server the first file that needs one starts (tests/api/postgres-cluster.ts). Both go at the end.
 */
export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dental-test-run-'));
  // PostgreSQL's server runs as the postgres user when the tests run as root: it must reach its folder in here.
  fs.chmodSync(dir, 0o755);
  process.env.DENTAL_TEST_RUN = dir;
  return () => {
    stopPostgresCluster(path.join(dir, 'postgres'));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
