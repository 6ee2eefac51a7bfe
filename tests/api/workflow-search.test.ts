import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// The workflow lists search their own identifiers and, through the patient they point at, the
// patient's name (the name condition is a set of patient ids, so it ORs with the indexed columns).
useServer();
let admin: string;
beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

interface Row {
  id: number;
  folio: string;
  patientName: string;
  invoiceNumber?: string | null;
}
const list = async (path: string) => {
  const res = await call<{ items: Row[]; total: number }>('GET', path, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
};

describe.each(['verifications', 'reimbursements'])('%s search', (kind) => {
  it('finds a record by its folio, in any case', async () => {
    const { items } = await list(`/api/${kind}?pageSize=100`);
    const target = items[items.length - 1];
    const found = await list(`/api/${kind}?q=${encodeURIComponent(target.folio.toLowerCase())}`);
    expect(found.items.map((row) => row.id)).toEqual([target.id]);
  });

  it("finds every record of a patient by the patient's full name, and only those", async () => {
    const { items } = await list(`/api/${kind}?pageSize=100`);
    const name = items[0].patientName;
    const expected = items.filter((row) => row.patientName === name).map((row) => row.id).sort((a, b) => a - b);
    const found = await list(`/api/${kind}?pageSize=100&q=${encodeURIComponent(name.toUpperCase())}`);
    expect(found.items.every((row) => row.patientName.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect(found.items.map((row) => row.id).sort((a, b) => a - b)).toEqual(expect.arrayContaining(expected));
    expect(found.total).toBe(found.items.length);
  });
});

it('finds a reimbursement by its invoice number', async () => {
  const { items } = await list('/api/reimbursements?pageSize=100');
  const target = items.find((row) => row.invoiceNumber)!;
  const found = await list(`/api/reimbursements?q=${encodeURIComponent(target.invoiceNumber!)}`);
  expect(found.items.map((row) => row.id)).toContain(target.id);
  expect(found.items.every((row) => row.invoiceNumber?.includes(target.invoiceNumber!) || row.folio.includes(target.invoiceNumber!))).toBe(true);
});
