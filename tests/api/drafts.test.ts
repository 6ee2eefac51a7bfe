import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, signIn, useServer, type CallResult } from './helpers.ts';

// A guided flow's draft is kept per user, flow and record; only its owner reads it (issue 9).
useServer();
let verifier: string;
let supervisor: string;

beforeAll(async () => {
  verifier = await signIn('verificador@demo.local');
  supervisor = await signIn('supervisor@demo.local');
});

/** No draft is an empty answer, not an error a browser would log. */
function expectNoDraft(answer: CallResult) {
  expect(answer.status).toBe(204);
  expect(answer.body).toBeFalsy();
}

describe('flow drafts', () => {
  it('saves, replaces, reads back and discards a draft', async () => {
    expectNoDraft(await call('GET', '/api/drafts/verification-new/new', { token: verifier }));
    const saved = await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: { snapshot: { step: 'kind', patientId: 12 } } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ flow: 'verification-new', key: 'new', snapshot: { step: 'kind', patientId: 12 }, updatedAt: expect.any(String) });
    await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: { snapshot: { step: 'date', patientId: 12, kind: 'BENEFITS' } } });
    const read = await call('GET', '/api/drafts/verification-new/new', { token: verifier });
    expect(read.body.snapshot).toEqual({ step: 'date', patientId: 12, kind: 'BENEFITS' });
    // Another record of the same flow is another draft.
    expectNoDraft(await call('GET', '/api/drafts/verification-new/17', { token: verifier }));
    expect((await call('DELETE', '/api/drafts/verification-new/new', { token: verifier })).status).toBe(204);
    expectNoDraft(await call('GET', '/api/drafts/verification-new/new', { token: verifier }));
    // Discarding what is already gone is not an error (a flow finishing twice).
    expect((await call('DELETE', '/api/drafts/verification-new/new', { token: verifier })).status).toBe(204);
  });

  it('is read, replaced and discarded only by its owner', async () => {
    await call('PUT', '/api/drafts/verification-work/5', { token: verifier, body: { snapshot: { note: 'mine' } } });
    expectNoDraft(await call('GET', '/api/drafts/verification-work/5', { token: supervisor }));
    // The supervisor's own draft of the same record does not touch the verifier's.
    await call('PUT', '/api/drafts/verification-work/5', { token: supervisor, body: { snapshot: { note: 'theirs' } } });
    await call('DELETE', '/api/drafts/verification-work/5', { token: supervisor });
    expect((await call('GET', '/api/drafts/verification-work/5', { token: verifier })).body.snapshot).toEqual({ note: 'mine' });
    expectProblem(await call('GET', '/api/drafts/verification-work/5'), 401, 'auth.unauthenticated');
  });

  it('refuses bad flows, keys and bodies with 4xx', async () => {
    expectProblem(await call('GET', '/api/drafts/Bad_Flow/new', { token: verifier }), 400, 'request.invalid');
    expectProblem(await call('PUT', '/api/drafts/verification-new/a.b', { token: verifier, body: { snapshot: {} } }), 400, 'request.invalid');
    expectProblem(await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: { snapshot: 'text' } }), 400, 'request.invalid');
    expectProblem(await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: { snapshot: {}, extra: 1 } }), 400, 'request.invalid');
    expectProblem(await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: {} }), 400, 'request.invalid');
    const huge = await call('PUT', '/api/drafts/verification-new/new', { token: verifier, body: { snapshot: { text: 'x'.repeat(1_100_000) } } });
    expect(huge.status).toBe(413);
  });
});
