import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flowDraft, reimbursementFlowMachine, type FlowLine, type FlowRecord, type SaveInput } from '../../src/machines/reimbursement-flow.machine.ts';

// The creation of a reimbursement (`/reembolsos/nuevo/:verificacion_id`): its steps, the guards on the invoice and
// the lines, and its three server calls as provided actors that answer or fail.

const TODAY = '2026-11-21';
const LINE: FlowLine = { key: 'a', procedureCode: 'D2330', requiresTooth: true, tooth: '11', surfaces: 'MO', serviceDate: '2026-11-20', quantity: 1, chargedCents: 20_000 };
const SAVED: FlowRecord = { id: 31, version: 1, state: 'draft', allowedEvents: ['SUBMIT', 'CANCEL'], missingDocuments: ['INVOICE'] };
const LIQUIDATION = { status: 'OK', totals: { claimedCents: 20_000, payableCents: 12_000 } };

type Calls = {
  save?: (input: SaveInput) => Promise<FlowRecord>;
  preview?: (args: { input: { id: number } }) => Promise<typeof LIQUIDATION>;
  submit?: (args: { input: { record: FlowRecord } }) => Promise<FlowRecord>;
};

function start(calls: Calls = {}) {
  const saves: SaveInput[] = [];
  const machine = reimbursementFlowMachine.provide({
    actors: {
      saveDraft: fromPromise(async ({ input }: { input: SaveInput }) => {
        saves.push(input);
        return (calls.save ?? (() => Promise.resolve(SAVED)))(input);
      }),
      previewLiquidation: fromPromise(calls.preview ?? (() => Promise.resolve(LIQUIDATION))),
      submit: fromPromise(calls.submit ?? (() => Promise.resolve({ ...SAVED, version: 3, state: 'inReview', allowedEvents: [] }))),
    },
  });
  const actor = createActor(machine, { input: { verificationId: 7, idempotencyKey: 'key-1', today: TODAY } }).start();
  return { actor, saves };
}

const completeInvoice = { type: 'EDIT_INVOICE', changes: { doctorId: 3, invoiceNumber: 'F-100', invoiceDate: '2026-11-20' } } as const;

/** Whether the lines step lets these lines go to the save (the save starts at once when it does). */
function saves(...lines: FlowLine[]): boolean {
  const { actor } = start();
  actor.send(completeInvoice);
  actor.send({ type: 'NEXT' });
  for (const line of lines) actor.send({ type: 'ADD_LINE', line });
  actor.send({ type: 'NEXT' });
  const saving = actor.getSnapshot().matches('saving');
  actor.stop();
  return saving;
}

async function toDocuments(calls: Calls = {}) {
  const started = start(calls);
  started.actor.send(completeInvoice);
  started.actor.send({ type: 'NEXT' });
  started.actor.send({ type: 'ADD_LINE', line: LINE });
  started.actor.send({ type: 'NEXT' });
  await waitFor(started.actor, (s) => s.matches('documents'));
  return started;
}

describe('reimbursement flow', () => {
  it('leaves the invoice only when it names a doctor, a number and a date not in the future', () => {
    const { actor } = start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('invoice');
    actor.send({ type: 'EDIT_INVOICE', changes: { doctorId: 3, invoiceNumber: 'F-100', invoiceDate: '2026-11-22' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('invoice');
    actor.send({ type: 'EDIT_INVOICE', changes: { invoiceDate: TODAY } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('lines');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('invoice');
    expect(actor.getSnapshot().context.invoice).toMatchObject({ doctorId: 3, invoiceNumber: 'F-100', invoiceDate: TODAY, payee: 'HOLDER' });
  });

  it('saves only complete lines: a tooth where the code asks for one, a past date, a quantity and an amount', async () => {
    const { actor, saves } = start();
    actor.send(completeInvoice);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('lines');
    actor.send({ type: 'ADD_LINE', line: { ...LINE, tooth: '' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('lines');
    actor.send({ type: 'EDIT_LINE', key: 'a', changes: { tooth: '11', serviceDate: '2026-11-22' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('lines');
    actor.send({ type: 'ADD_LINE', line: { ...LINE, key: 'b' } });
    actor.send({ type: 'REMOVE_LINE', key: 'a' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('documents'));
    expect(saves).toEqual([{ verificationId: 7, idempotencyKey: 'key-1', invoice: expect.objectContaining({ invoiceNumber: 'F-100' }), lines: [{ ...LINE, key: 'b' }], record: null }]);
    expect(actor.getSnapshot().context.record).toEqual(SAVED);
  });

  it('keeps the lines and says why when the save is refused, and saves the same record again with its version', async () => {
    let refuse = true;
    const { actor, saves } = start({ save: () => (refuse ? Promise.reject({ code: 'reimbursement.doctorSuspended' }) : Promise.resolve(SAVED)) });
    actor.send(completeInvoice);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_LINE', line: LINE });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('lines') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'reimbursement.doctorSuspended', lines: [LINE] });
    refuse = false;
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('documents'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('lines');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('documents'));
    expect(saves.at(-1)?.record).toEqual(SAVED);
  });

  it('takes the record the server answers after an upload, previews the liquidation and submits once it is allowed', async () => {
    const { actor } = await toDocuments({ save: () => Promise.resolve({ ...SAVED, allowedEvents: ['CANCEL'] }) });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    expect(actor.getSnapshot().context.liquidation).toEqual(LIQUIDATION);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ preview: 'ready' })).toBe(true);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'DOCUMENTS_CHANGED', record: { ...SAVED, version: 2, missingDocuments: [] } });
    expect(actor.getSnapshot().context.record).toMatchObject({ version: 2, missingDocuments: [], allowedEvents: ['SUBMIT', 'CANCEL'] });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.record).toMatchObject({ state: 'inReview', version: 3 });
  });

  it('says when the preview cannot be read and tries again; a refused submission stays on the preview with its code', async () => {
    let previews = 0;
    const { actor } = await toDocuments({
      preview: () => (++previews === 1 ? Promise.reject({ code: 'network.unreachable' }) : Promise.resolve(LIQUIDATION)),
      submit: () => Promise.reject({ code: 'reimbursement.documentsMissing' }),
    });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ preview: 'failed' }));
    expect(actor.getSnapshot().context.error).toBe('network.unreachable');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('preview') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('reimbursement.documentsMissing');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('starts blank, with the holder as payee and the invoice unmarked, and restores a kept draft as it was typed', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toMatchObject({ invoice: { doctorId: null, invoiceNumber: '', invoiceDate: '', payee: 'HOLDER', invoicePaid: false }, lines: [], record: null, error: null });
    const draft = { invoice: { doctorId: 3, invoiceNumber: 'F-7', invoiceDate: '2026-11-01', payee: 'PROVIDER' as const, invoicePaid: true }, lines: [LINE] };
    const restored = createActor(reimbursementFlowMachine, { input: { verificationId: 7, idempotencyKey: 'key-1', today: TODAY, draft } }).start();
    expect(flowDraft(restored.getSnapshot().context)).toEqual(draft);
    // A draft kept before invoices had the paid mark comes back unmarked.
    const { invoicePaid: _, ...older } = draft.invoice;
    const olderDraft = { invoice: older, lines: [LINE] };
    const reopened = createActor(reimbursementFlowMachine, { input: { verificationId: 7, idempotencyKey: 'key-1', today: TODAY, draft: olderDraft } }).start();
    expect(reopened.getSnapshot().context.invoice).toEqual({ ...older, invoicePaid: false });
  });

  it("starts with the verification's doctor, which a kept draft's own choice overrides (issue 28 item 4)", () => {
    const input = { verificationId: 7, idempotencyKey: 'key-1', today: TODAY, verificationDoctorId: 5 };
    expect(createActor(reimbursementFlowMachine, { input }).start().getSnapshot().context.invoice.doctorId).toBe(5);
    const draft = { invoice: { doctorId: 3, invoiceNumber: 'F-7', invoiceDate: '2026-11-01', payee: 'HOLDER' as const }, lines: [] };
    expect(createActor(reimbursementFlowMachine, { input: { ...input, draft } }).start().getSnapshot().context.invoice.doctorId).toBe(3);
  });

  it('leaves the invoice only with a doctor, a number that is not blank and a real date', () => {
    for (const changes of [
      { invoiceNumber: 'F-100', invoiceDate: '2026-11-20' },
      { doctorId: 3, invoiceNumber: '   ', invoiceDate: '2026-11-20' },
      { doctorId: 3, invoiceNumber: 'F-100', invoiceDate: '2026-02-30' },
      { doctorId: 3, invoiceNumber: 'F-100', invoiceDate: '20/11/2026' },
    ]) {
      const { actor } = start();
      actor.send({ type: 'EDIT_INVOICE', changes });
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value, JSON.stringify(changes)).toBe('invoice');
    }
  });

  it('takes a procedure code only as D and four digits, nothing before or after', () => {
    expect(saves(LINE)).toBe(true);
    for (const procedureCode of ['D233', 'D23301', 'XD2330', '2330', 'd2330', 'D2330 ', ''])
      expect(saves({ ...LINE, procedureCode }), procedureCode).toBe(false);
  });

  it('takes a service date only as a real calendar day, today at the latest', () => {
    expect(saves({ ...LINE, serviceDate: TODAY })).toBe(true);
    for (const serviceDate of ['', '2026-02-30', '21/11/2026', '2026-11-22']) expect(saves({ ...LINE, serviceDate }), serviceDate).toBe(false);
  });

  it('takes a whole quantity from 1 to 99', () => {
    expect(saves({ ...LINE, quantity: 1 })).toBe(true);
    expect(saves({ ...LINE, quantity: 99 })).toBe(true);
    for (const quantity of [0, 100, 1.5, -1]) expect(saves({ ...LINE, quantity }), String(quantity)).toBe(false);
  });

  it('takes an amount of at least one whole cent', () => {
    expect(saves({ ...LINE, chargedCents: 1 })).toBe(true);
    for (const chargedCents of [0, -100, 10.5, Number.MAX_SAFE_INTEGER + 1]) expect(saves({ ...LINE, chargedCents }), String(chargedCents)).toBe(false);
  });

  it('asks for a tooth only where the code names one, and then a real FDI tooth', () => {
    const cleaning = { ...LINE, procedureCode: 'D1110', requiresTooth: false, tooth: '', surfaces: '' };
    expect(saves(cleaning)).toBe(true);
    expect(saves({ ...LINE, tooth: '55' })).toBe(true);
    expect(saves({ ...LINE, tooth: '' })).toBe(false);
    for (const tooth of ['19', '9', 'ab', '111']) expect(saves({ ...LINE, tooth }), tooth).toBe(false);
  });

  it('takes up to five surface letters (M, O, D, B, L, F, I) and nothing else', () => {
    for (const surfaces of ['', 'MODBL', 'FI']) expect(saves({ ...LINE, surfaces }), surfaces).toBe(true);
    for (const surfaces of ['MODBLF', 'X', 'mo', 'MO ', ' MO']) expect(saves({ ...LINE, surfaces }), surfaces).toBe(false);
  });

  it('saves only when every line is complete, and an edit changes the line it names only', async () => {
    expect(saves(LINE, { ...LINE, key: 'b', quantity: 0 })).toBe(false);
    const { actor, saves: saved } = start();
    actor.send(completeInvoice);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_LINE', line: LINE });
    actor.send({ type: 'ADD_LINE', line: { ...LINE, key: 'b', procedureCode: 'D2391', quantity: 0 } });
    actor.send({ type: 'EDIT_LINE', key: 'b', changes: { quantity: 2, chargedCents: 9_000 } });
    expect(actor.getSnapshot().context.lines).toEqual([LINE, { ...LINE, key: 'b', procedureCode: 'D2391', quantity: 2, chargedCents: 9_000 }]);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('documents'));
    expect(saved[0].lines).toEqual([LINE, { ...LINE, key: 'b', procedureCode: 'D2391', quantity: 2, chargedCents: 9_000 }]);
    expect(flowDraft(actor.getSnapshot().context)).toEqual({ invoice: { doctorId: 3, invoiceNumber: 'F-100', invoiceDate: '2026-11-20', payee: 'HOLDER', invoicePaid: false }, lines: saved[0].lines });
  });

  it('shows the generic error, keeps the lines and stays usable whatever a failed save rejects with', async () => {
    for (const reason of [new Error('socket hang up'), 'offline', null, undefined, { code: 42 }, { status: 502 }]) {
      const { actor } = start({ save: () => Promise.reject(reason) });
      actor.send(completeInvoice);
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'ADD_LINE', line: LINE });
      actor.send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.status !== 'active' || (s.matches('lines') && s.context.error !== null));
      expect(actor.getSnapshot().status, String(reason)).toBe('active');
      expect(actor.getSnapshot().context, String(reason)).toMatchObject({ error: 'server.unexpected', lines: [LINE], record: null });
    }
  });

  it('never counts a draft as saved when the screen has not provided the server calls', async () => {
    const actor = createActor(reimbursementFlowMachine, { input: { verificationId: 7, idempotencyKey: 'key-1', today: TODAY } }).start();
    actor.send(completeInvoice);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ADD_LINE', line: LINE });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.status !== 'active' || !s.matches('saving'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('lines');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'server.unexpected', record: null });
  });

  it('previews the saved record and submits it with the version the server answered last', async () => {
    const previews: { id: number }[] = [];
    const submits: { record: FlowRecord }[] = [];
    const { actor } = await toDocuments({
      preview: ({ input }) => {
        previews.push(input);
        return Promise.resolve(LIQUIDATION);
      },
      submit: ({ input }) => {
        submits.push(input);
        return Promise.resolve({ ...input.record, version: 3, state: 'inReview', allowedEvents: [] });
      },
    });
    const uploaded = { ...SAVED, version: 2, missingDocuments: [] };
    actor.send({ type: 'DOCUMENTS_CHANGED', record: uploaded });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(previews).toEqual([{ id: 31 }]);
    expect(submits).toEqual([{ record: uploaded }]);
  });
});
