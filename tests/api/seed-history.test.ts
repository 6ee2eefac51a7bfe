import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

const server = useServer({}, () => '2026-11-23');
let admin: string;

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

type Step = { event: string; fromState: string | null; toState: string; actorName: string | null; payload: Record<string, unknown> | null };

/** The history of the first record of `path` in `state`, checked to be one unbroken path from `initial` to that state. */
async function pathOf(path: 'verifications' | 'reimbursements', state: string, initial: string): Promise<Step[]> {
  const list = await call('GET', `/api/${path}?state=${state}&sort=createdAt`, { token: admin });
  expect(list.status).toBe(200);
  const [record] = list.body.items as { id: number; state: string }[];
  expect(record.state).toBe(state);
  const history = await call('GET', `/api/${path}/${record.id}/history`, { token: admin });
  expect(history.status).toBe(200);
  const steps = history.body.items as Step[];
  expect(steps[0].fromState).toBe(initial);
  for (const [i, step] of steps.entries()) if (i > 0) expect(step.fromState).toBe(steps[i - 1].toState);
  expect(steps.at(-1)!.toState).toBe(state);
  return steps;
}

describe('seeded demo records carry their real history', () => {
  it('a verified verification was assigned, started and recorded eligible by the verifier', async () => {
    const steps = await pathOf('verifications', 'verified', 'pending');
    expect(steps.map((s) => [s.event, s.actorName])).toEqual([
      ['ASSIGN', 'Sergio Supervisor'],
      ['START', 'Valeria Verificadora'],
      ['RECORD_ELIGIBLE', 'Valeria Verificadora'],
    ]);
    expect(steps[2].payload).toMatchObject({ channel: expect.any(String) });
  });

  it('an expired verification was verified and then expired by the daily job (no user)', async () => {
    const steps = await pathOf('verifications', 'expired', 'pending');
    expect(steps.map((s) => s.event)).toEqual(['ASSIGN', 'START', 'RECORD_ELIGIBLE', 'EXPIRE']);
    expect(steps[3]).toMatchObject({ fromState: 'verified', actorName: null });
  });

  it('a paid reimbursement was submitted, approved and paid through the workflow', async () => {
    const steps = await pathOf('reimbursements', 'paid', 'draft');
    const events = steps.map((s) => s.event);
    expect(events[0]).toBe('SUBMIT');
    expect(events).toContain('APPROVE');
    expect(steps.at(-1)).toMatchObject({ event: 'PAY', fromState: 'approved', actorName: 'Tomás Tesorería' });
  });

  it('every seeded record past its first state has an unbroken history to its state (none predates history)', async () => {
    const kinds = [
      ['verifications', 'verification', 'pending'],
      ['reimbursements', 'reimbursement', 'draft'],
      ['orthodontic_plans', 'orthodontic_plan', 'proposed'],
      ['orthodontic_installments', 'orthodontic_installment', 'scheduled'],
    ] as const;
    for (const [table, entity, initial] of kinds) {
      const records = await server.db.query<{ id: number; state: string; reason: string | null }>(
        `SELECT id, state, ${table === 'orthodontic_installments' ? 'reason' : 'NULL::text AS reason'} FROM ${table} ORDER BY id`,
      );
      const history = await server.db.query<{ entity_id: number; from_state: string | null; to_state: string }>(
        `SELECT entity_id, from_state, to_state FROM workflow_history WHERE entity_type = $1 ORDER BY id`,
        [entity],
      );
      const broken: string[] = [];
      for (const record of records) {
        const steps = history.filter((h) => h.entity_id === record.id);
        // An instalment the schedule itself leaves out (the lifetime maximum already used: reason 31) is born skipped.
        const bornSkipped = entity === 'orthodontic_installment' && record.state === 'skipped' && record.reason === '31';
        if (steps.length === 0) {
          if (record.state !== initial && !bornSkipped) broken.push(`${entity} ${record.id} is ${record.state} without history`);
          continue;
        }
        const chained = steps.every((h, i) => h.from_state === (i === 0 ? initial : steps[i - 1]!.to_state));
        if (!chained || steps.at(-1)!.to_state !== record.state) broken.push(`${entity} ${record.id}: ${steps.map((h) => `${h.from_state}→${h.to_state}`).join(' ')} but ${record.state}`);
      }
      expect(records.length, table).toBeGreaterThan(0);
      expect(broken, table).toEqual([]);
    }
  });

  it('an orthodontic pre-authorisation was worked by the verifier and carries its authorisation number', async () => {
    const [plan] = await server.db.query<{ preauthorization_id: number }>(`SELECT preauthorization_id FROM orthodontic_plans WHERE state = 'active' ORDER BY id LIMIT 1`);
    const history = await call('GET', `/api/verifications/${plan!.preauthorization_id}/history`, { token: admin });
    expect(history.status).toBe(200);
    const steps = history.body.items as Step[];
    expect(steps.map((s) => [s.event, s.actorName])).toEqual([
      ['ASSIGN', 'Sergio Supervisor'],
      ['START', 'Valeria Verificadora'],
      ['RECORD_ELIGIBLE', 'Valeria Verificadora'],
    ]);
    expect(steps[2]!.payload).toMatchObject({ authorizationNumber: expect.stringMatching(/^AUT-ORT-/) });
  });

  it('the audit trail holds the same state changes as the history', async () => {
    const list = await call('GET', '/api/verifications?state=notEligible', { token: admin });
    const [record] = list.body.items as { id: number }[];
    const audit = await server.db.query<{ event: string }>(
      `SELECT detail->>'event' AS event FROM audit_log WHERE entity_type = 'verification' AND entity_id = $1 AND action = 'STATE_CHANGE' ORDER BY id`,
      [String(record.id)],
    );
    expect(audit.map((a) => a.event)).toEqual(['ASSIGN', 'START', 'RECORD_NOT_ELIGIBLE']);
  });
});
