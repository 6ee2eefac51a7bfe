// The API replay files that exercise each mutation scope the server runs (scripts/mutation/api-pass.mjs).
import fs from 'node:fs';

const API = 'tests/paths/api';
const replayOf = (machine) => [`${API}/${machine}.api.test.ts`, `${API}/${machine}-guards.api.test.ts`];

// An instalment moves only through its plan's effects (and its reimbursement, which no replay files with an
// instalment), so the plan's replay is the instalment's. workflow.ts is under every machine the server runs.
export const API_FILES = {
  reimbursement: replayOf('reimbursement'),
  verification: replayOf('verification'),
  'orthodontic-plan': replayOf('orthodontic-plan'),
  'orthodontic-installment': replayOf('orthodontic-plan'),
  policy: replayOf('policy'),
  'patient-coverage': replayOf('patient-coverage'),
  announcement: replayOf('announcement'),
  workflow: fs.readdirSync(API).filter((f) => f.endsWith('.api.test.ts')).map((f) => `${API}/${f}`),
};
