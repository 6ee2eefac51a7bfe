/** The folder of this test run's shared pieces (templates, the PostgreSQL server), made by tests/global-setup.ts. */
export function runDir(): string {
  const dir = process.env.DENTAL_TEST_RUN;
  if (!dir) throw new Error('DENTAL_TEST_RUN is not set: run the tests through vitest.config.ts, whose global setup makes the run folder.');
  return dir;
}
