import { beforeAll, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// Every read of patient data leaves an audit row: lists name the records they returned, and the parts
// of a record read on their own (history, liquidation, attachments) are recorded like the record.
const server = useServer();
let admin: string;
let adminId: number;

const newestAudit = async () =>
  (await server.db.query<{ action: string; entity_type: string; entity_id: string | null; user_id: number; detail: Record<string, unknown> | null }>(
    'SELECT action, entity_type, entity_id, user_id, detail FROM audit_log ORDER BY id DESC LIMIT 1',
  ))[0];

beforeAll(async () => {
  admin = await signIn('admin@demo.local');
  adminId = (await call('GET', '/api/me', { token: admin })).body.user.id;
});

it('a workflow list records the ids it returned', async () => {
  for (const [path, entity] of [['/api/verifications', 'verification'], ['/api/reimbursements', 'reimbursement'], ['/api/orthodontic-plans', 'orthodontic_plan']] as const) {
    const page = await call('GET', `${path}?pageSize=5`, { token: admin });
    expect(page.body.items.length).toBeGreaterThan(0);
    expect(await newestAudit()).toMatchObject({ action: 'LIST', entity_type: entity, user_id: adminId, detail: expect.objectContaining({ ids: page.body.items.map((r: { id: number }) => r.id) }) });
  }
});

it('history, liquidation preview and attachment lists are audited reads', async () => {
  const reimbursement = (await call('GET', '/api/reimbursements?pageSize=1', { token: admin })).body.items[0];
  const verification = (await call('GET', '/api/verifications?pageSize=1', { token: admin })).body.items[0];
  const plan = (await call('GET', '/api/orthodontic-plans?pageSize=1', { token: admin })).body.items[0];
  const reads: [string, string, number, string][] = [
    [`/api/reimbursements/${reimbursement.id}/history`, 'reimbursement', reimbursement.id, 'history'],
    [`/api/reimbursements/${reimbursement.id}/liquidation`, 'reimbursement', reimbursement.id, 'liquidation'],
    [`/api/verifications/${verification.id}/history`, 'verification', verification.id, 'history'],
    [`/api/orthodontic-plans/${plan.id}/history`, 'orthodontic_plan', plan.id, 'history'],
  ];
  for (const [path, entity, id, part] of reads) {
    expect((await call('GET', path, { token: admin })).status).toBe(200);
    expect(await newestAudit()).toMatchObject({ action: 'VIEW', entity_type: entity, entity_id: String(id), user_id: adminId, detail: { part } });
  }
  const attachments = await call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${reimbursement.id}`, { token: admin });
  expect(attachments.status).toBe(200);
  expect(await newestAudit()).toMatchObject({
    action: 'LIST',
    entity_type: 'attachment',
    detail: { ownerType: 'reimbursement', ownerId: reimbursement.id, ids: attachments.body.items.map((a: { id: number }) => a.id) },
  });
});
