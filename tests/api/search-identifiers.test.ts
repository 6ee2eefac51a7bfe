import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';

// An identifier-like search text (a folio, an invoice or policy number) is looked up in the trigram
// indexes by its longest run of digits, then checked whole: the answer is what the whole text matches.
useServer();
let admin: string;
beforeAll(async () => {
  admin = await signIn('admin@demo.local');
});

const list = async <T>(path: string) => {
  const res = await call<{ items: T[]; total: number }>('GET', path, { token: admin });
  expect(res.status).toBe(200);
  return res.body;
};

describe('identifier search', () => {
  it('finds a folio by its digits and by the whole folio, but not by the digits under another prefix', async () => {
    const { items } = await list<{ id: number; folio: string }>('/api/reimbursements?pageSize=100');
    const target = items.at(-1)!;
    const digits = target.folio.match(/\d{4,}$/)![0];
    expect((await list<{ id: number }>(`/api/reimbursements?q=${digits}`)).items.map((r) => r.id)).toContain(target.id);
    expect((await list<{ id: number }>(`/api/reimbursements?q=${encodeURIComponent(target.folio.toLowerCase())}`)).items.map((r) => r.id)).toEqual([target.id]);
    const otherPrefix = `ZZ9-${digits}`;
    expect((await list<{ id: number }>(`/api/reimbursements?q=${otherPrefix}`)).items).toEqual([]);
  });

  it('finds patients by their policy number and the global search finds the policy', async () => {
    const { items } = await list<{ id: number; policyNumber: string }>('/api/patients?pageSize=100');
    const target = items.find((p) => /\d{4,}/.test(p.policyNumber))!;
    const found = await list<{ id: number; policyNumber: string }>(`/api/patients?pageSize=100&q=${encodeURIComponent(target.policyNumber)}`);
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((p) => p.policyNumber.toUpperCase().includes(target.policyNumber.toUpperCase()))).toBe(true);
    const search = await call<{ groups: { kind: string; items: { title: string }[] }[] }>('GET', `/api/search?q=${encodeURIComponent(target.policyNumber)}`, { token: admin });
    expect(search.status).toBe(200);
    expect(search.body.groups.find((g) => g.kind === 'policy')?.items.map((i) => i.title)).toContain(target.policyNumber);
  });
});
