import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { reimbursementFlowMachine, type FlowLine, type FlowRecord, type SaveInput } from '../../src/machines/reimbursement-flow.machine.ts';

// The creation of a reimbursement (`/reembolsos/nuevo/:verificacion_id`): its steps, the guards on the invoice and
// the lines, and its three server calls as provided actors that answer or fail.

const TODAY = '2026-11-21';
const LINE: FlowLine = { key: 'a', procedureCode: 'D2330', requiresTooth: true, tooth: '11', surfaces: 'MO', serviceDate: '2026-11-20', quantity: 1, chargedCents: 20_000 };
const SAVED: FlowRecord = { id: 31, version: 1, state: 'draft', allowedEvents: ['SUBMIT', 'CANCEL'], missingDocuments: ['INVOICE'] };
const LIQUIDATION = { status: 'OK', totals: { claimedCents: 20_000, payableCents: 12_000 } };

type Calls = { save?: (input: SaveInput) => Promise<FlowRecord>; preview?: () => Promise<typeof LIQUIDATION>; submit?: () => Promise<FlowRecord> };

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
});
