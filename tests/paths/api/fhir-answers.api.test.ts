// Issue 27: the statechart → FHIR mapping checked over every generated path of the reimbursement and verification
// machines (transitions and guards criteria). One in-process server, the paths in sequence, replayed by the same
// runner and adapters as the API replays; at every state a path reaches, the client's ClaimResponse (with its
// items' adjudication and whether an ExplanationOfBenefit exists) or CoverageEligibilityResponse (and a
// pre-authorisation's ClaimResponse) is read through /fhir/R4 and checked against the one table the server uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_RESPONSE } from '../../../server/fhir/claim-response.ts';
import { ELIGIBILITY_OUTCOME } from '../../../server/fhir/eligibility-response.ts';
import { REIMBURSEMENT_STATES, reimbursementMachine } from '@core/workflows/reimbursement.machine.ts';
import { VERIFICATION_STATES, verificationMachine } from '@core/workflows/verification.machine.ts';
import { SUITE_DATABASE, TestServer } from '../../api/helpers.ts';
import type { PathsFile } from '../../../scripts/statecharts/paths/types.ts';
import { contextFor, loadPaths, type MachineAdapter, type ReplayContext } from './support/api-replay.ts';
import { checkedStates, withFhirAnswers } from './support/fhir-mapping.ts';
import { reimbursementAdapter } from './support/reimbursement-adapter.ts';
import { replayedOnce, START_DAY } from './support/suite.ts';
import { verificationAdapter } from './support/verification-adapter.ts';

/** States no path rests in through the API, with the reason: their table rows are checked only for presence. */
const NOT_RESTING = {
  reimbursement: { submitted: 'the server checks a claim in the request that submits it' },
  verification: {},
} as const;

const clock = { today: START_DAY };
let server: TestServer;
let ctx: ReplayContext;

beforeAll(async () => {
  server = await TestServer.start({}, SUITE_DATABASE, () => clock.today);
  ctx = await contextFor(server, clock);
});
afterAll(() => server?.close());

/** Each path replayed once, by its own test or by the last one, whichever comes first. */
const { replay } = replayedOnce(clock, () => ctx);

const machines: [keyof typeof checkedStates, MachineAdapter][] = [
  ['reimbursement', withFhirAnswers(reimbursementAdapter)],
  ['verification', withFhirAnswers(verificationAdapter)],
];

describe('the statechart → FHIR mapping over every generated path', () => {
  it('has one row per state of each machine, and no other', () => {
    expect(Object.keys(CLAIM_RESPONSE).sort()).toEqual([...REIMBURSEMENT_STATES].sort());
    expect(Object.keys(reimbursementMachine.root.states).sort()).toEqual([...REIMBURSEMENT_STATES].sort());
    expect(Object.keys(ELIGIBILITY_OUTCOME).sort()).toEqual([...VERIFICATION_STATES].sort());
    expect(Object.keys(verificationMachine.root.states).sort()).toEqual([...VERIFICATION_STATES].sort());
  });

  const replayable: [MachineAdapter, PathsFile, string][] = [];
  for (const [machine, adapter] of machines) {
    for (const criterion of ['transitions', 'guards']) {
      const file = loadPaths(new URL(`../${machine}/${criterion}/paths.json`, import.meta.url));
      for (const path of file.paths) {
        const scenario = file.scenarios.find((s) => s.name === path.scenario)!;
        const unbuildable = adapter.cannotBuild?.(scenario, path);
        if (unbuildable) {
          it.skip(`${machine} ${criterion} ${path.id} — not through the API: ${unbuildable}`, () => {});
          continue;
        }
        replayable.push([adapter, file, path.id]);
        it(`${machine} ${criterion} ${path.id} ${path.title}`, async () => {
          await replay(adapter, file, path.id);
        });
      }
    }
  }

  it('read the FHIR answer in every state of both machines the API rests in', async () => {
    // One after another: the paths share the server and its clock.
    for (const [adapter, file, pathId] of replayable) await replay(adapter, file, pathId);
    for (const [machine, states] of [['reimbursement', REIMBURSEMENT_STATES], ['verification', VERIFICATION_STATES]] as const) {
      const resting = states.filter((s) => !(s in NOT_RESTING[machine]));
      expect([...checkedStates[machine]].sort(), machine).toEqual([...resting].sort());
    }
  });
});
