import { beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../server/seed/demo-documents.ts';
import { DEMO_USERS, ROLE_PERMISSIONS } from '../../server/auth/roles.ts';
import { call, expectProblem, signIn, useServer } from './helpers.ts';

// Restated from the contract's GET operations on purpose: an attachment is read with its owner's right.
const OWNER_READ = { verification: 'verifications:read', reimbursement: 'reimbursements:read', orthodontic_plan: 'reimbursements:read' } as const;
type Owner = keyof typeof OWNER_READ;

const server = useServer();
const tokens: Record<string, string> = {};
const open: Record<Owner, number> = { verification: 0, reimbursement: 0, orthodontic_plan: 0 };
const attachmentOf: Record<Owner, number> = { verification: 0, reimbursement: 0, orthodontic_plan: 0 };

const form = (ownerType: Owner, ownerId: number) => {
  const data = new FormData();
  data.set('ownerType', ownerType);
  data.set('ownerId', String(ownerId));
  data.set('documentType', 'OTHER');
  data.set('file', new File([textPdf(['Informe']).slice()], 'informe.pdf'));
  return data;
};
const firstIn = async (table: string, states: string[]) =>
  (await server.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE state = ANY($1) ORDER BY id LIMIT 1`, [states]))[0]!.id;

beforeAll(async () => {
  for (const user of DEMO_USERS) tokens[user.role] = await signIn(user.email);
  open.verification = await firstIn('verifications', ['pending', 'inProgress', 'needsInfo']);
  open.reimbursement = await firstIn('reimbursements', ['draft', 'needsDocuments']);
  open.orthodontic_plan = await firstIn('orthodontic_plans', ['proposed', 'approved', 'active', 'suspended']);
  for (const owner of Object.keys(open) as Owner[]) {
    const uploaded = await call('POST', '/api/attachments', { token: tokens.administrator, body: form(owner, open[owner]) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    attachmentOf[owner] = uploaded.body.id;
  }
});

describe('an attachment is read and added with its owner’s right, in its owner’s open states', () => {
  for (const { role } of DEMO_USERS) {
    for (const owner of Object.keys(OWNER_READ) as Owner[]) {
      it(`${role} on a ${owner}`, async () => {
        const has = (permission: string) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);
        const readsOwner = has(OWNER_READ[owner]);
        const token = tokens[role];

        const list = await call('GET', `/api/attachments?ownerType=${owner}&ownerId=${open[owner]}`, { token });
        if (has('attachments:read') && readsOwner) expect(list.body.items.map((a: { id: number }) => a.id)).toContain(attachmentOf[owner]);
        else expectProblem(list, 403, 'auth.forbidden');

        const download = await server.server.api.request(`http://localhost/api/attachments/${attachmentOf[owner]}/content`, { headers: { authorization: `Bearer ${token}` } });
        expect(download.status).toBe(has('attachments:read') && readsOwner ? 200 : 403);

        const upload = await call('POST', '/api/attachments', { token, body: form(owner, open[owner]) });
        if (has('attachments:create') && readsOwner) expect(upload.status, JSON.stringify(upload.body)).toBe(201);
        else expectProblem(upload, 403, 'auth.forbidden');
      });
    }
  }

  it('refuses documents for a paid reimbursement, a verified verification and a finished plan, and stores nothing', async () => {
    const closed: [Owner, number][] = [
      ['reimbursement', await firstIn('reimbursements', ['paid'])],
      ['verification', await firstIn('verifications', ['verified'])],
    ];
    const finishedPlans = await server.db.query<{ id: number }>(`SELECT id FROM orthodontic_plans WHERE state NOT IN ('proposed', 'approved', 'active', 'suspended') ORDER BY id LIMIT 1`);
    if (finishedPlans[0]) closed.push(['orthodontic_plan', finishedPlans[0].id]);
    const before = await server.db.query('SELECT id FROM attachments ORDER BY id');
    for (const [owner, id] of closed) {
      expectProblem(await call('POST', '/api/attachments', { token: tokens.administrator, body: form(owner, id) }), 409, 'attachment.ownerClosed');
    }
    expect(await server.db.query('SELECT id FROM attachments ORDER BY id')).toEqual(before);
  });

  it('records a refused read in the audit log', async () => {
    await call('GET', `/api/attachments?ownerType=reimbursement&ownerId=${open.reimbursement}`, { token: tokens.verifier });
    const denied = await server.db.query<{ detail: { permission: string } }>(
      `SELECT detail FROM audit_log WHERE action = 'ACCESS_DENIED' AND entity_type = 'attachment' ORDER BY id DESC LIMIT 1`,
    );
    expect(denied[0]?.detail).toMatchObject({ ownerType: 'reimbursement', permission: 'reimbursements:read' });
  });
});
