import { paymentRunMachine, type PaymentRunEvent } from '@core/workflows/payment-run.machine.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { NotFoundError, StaleVersionError, StateConflictError } from '../../errors.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow, auditWorkflowRead } from '../shared/audit.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { nextFolio } from '../shared/folio.ts';
import { appendHistory, readHistory } from '../shared/history.ts';
import { paymentRunEffects } from './effects.ts';
import { paymentRunFacts } from './facts.ts';
import { presentRun } from './presenter.ts';
import { matchReport, readReport, reportHash, storeStatuses } from './report.ts';
import { addItems, findRun, insertRun, itemsOf, pageRuns, saveRun, type PaymentRunRow } from './repository.ts';
import type { AccountScheme } from '@core/payments/accounts.ts';
import { bankOutcome } from '@core/payments/status.ts';

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const probes = (): PaymentRunEvent[] => [
  { type: 'EDIT' },
  { type: 'SUBMIT' },
  { type: 'REOPEN', reason: 'x' },
  { type: 'APPROVE' },
  { type: 'GENERATE' },
  { type: 'MARK_SENT' },
  { type: 'BANK_REPORT', pending: 1, rejected: 0 },
  { type: 'CONFIRM_SETTLEMENT', reference: 'x' },
  { type: 'CANCEL', reason: 'x' },
];

export const paymentRunWorkflow = defineWorkflowService({
  machine: paymentRunMachine,
  entity: 'payment_run',
  name: 'paymentRun',
  load: findRun,
  facts: (q, rows, actor) => paymentRunFacts(q, rows, actor),
  effects: paymentRunEffects,
  save: (tx, row, changes) => saveRun(tx, row.id, changes),
  probes,
  present: (row, evaluation, view) => presentRun(row, evaluation, view),
});

type Run = Awaited<ReturnType<typeof paymentRunWorkflow.present>>[number];

export const paymentRunService = {
  list: (db: Database, filter: { page: number; pageSize: number; state?: string }, actor: Actor, today: string) =>
    pageRuns(db, filter).then((page) => paymentRunWorkflow.list(db, page, actor, today, { state: filter.state })),

  async present(q: Queryable, row: PaymentRunRow, actor: Actor, today: string): Promise<Run> {
    return (await paymentRunWorkflow.present(q, [row], actor, today))[0]!;
  },

  async create(tx: Queryable, input: { executionDate: string; reimbursementIds: number[] }, actor: Actor & { id: number }, today: string): Promise<PaymentRunRow> {
    const folio = await nextFolio(tx, 'PAG', today);
    const id = await insertRun(tx, folio, input.executionDate, actor.id);
    await addItems(tx, id, input.reimbursementIds);
    await appendHistory(tx, { entity: 'payment_run', id, event: 'CREATE', from: null, to: 'draft', actorId: actor.id, payload: { claims: input.reimbursementIds.length }, on: today });
    await auditWorkflow(tx, 'payment_run', actor, 'CREATE', id, { folio, claims: input.reimbursementIds.length });
    return (await findRun(tx, id))!;
  },

  history: (q: Queryable, id: number) => readHistory(q, 'payment_run', id),

  /** The full account a run pays a claim to (what it froze, else the payee's today), its reveal audited. */
  async revealAccount(db: Database, id: number, reimbursementId: number, actor: Actor) {
    const item = (await itemsOf(db, [id])).find((i) => i.reimbursement_id === reimbursementId);
    if (!item) throw new NotFoundError('paymentRunItem');
    const frozen = item.payee_number !== null;
    const number = frozen ? item.payee_number : item.account_number;
    if (!number) throw new NotFoundError('payeeAccount');
    await auditWorkflowRead(db, 'payment_run', actor, 'REVEAL', id, { reimbursementId, account: frozen ? 'frozen' : 'current' });
    return frozen
      ? { scheme: item.payee_scheme as AccountScheme, number, bic: item.payee_bic, bankCode: item.payee_bank_code, holderTaxId: item.payee_tax_id }
      : { scheme: item.account_scheme as AccountScheme, number, bic: item.account_bic, bankCode: item.account_bank_code, holderTaxId: item.account_tax_id };
  },

  /** The stored file, the same bytes every time; each download audited. */
  async file(db: Database, id: number, actor: Actor) {
    const [row] = await db.query<{ folio: string; file_bytes: Uint8Array | null; file_sha256: string | null }>('SELECT folio, file_bytes, file_sha256 FROM payment_runs WHERE id = $1', [id]);
    if (!row) throw new NotFoundError('paymentRun');
    if (!row.file_bytes || !row.file_sha256) throw new StateConflictError('paymentRun.noFile', 'The run has no file yet: it is written when the run is generated.');
    await auditWorkflowRead(db, 'payment_run', actor, 'DOWNLOAD', id, { sha256: row.file_sha256 });
    return { folio: row.folio, bytes: new Uint8Array(row.file_bytes), sha256: row.file_sha256 };
  },

  /**
   * Applies a bank's status report in one transaction: matched strictly, statuses stored, then BANK_REPORT through
   * the statechart (accepted claims paid, rejected ones back to payable). The same report again changes nothing.
   */
  async applyStatusReport(db: Database, id: number, bytes: Uint8Array, version: number, actor: Actor & { id: number }, today: string) {
    const sha256 = reportHash(bytes);
    const report = readReport(bytes);
    return db.transaction(async (tx) => {
      const run = await paymentRunWorkflow.find(tx, id, true);
      const [seen] = await tx.query('SELECT 1 FROM payment_status_reports WHERE run_id = $1 AND (sha256 = $2 OR (message_id IS NOT NULL AND message_id = $3))', [id, sha256, report.messageId]);
      if (seen) return { alreadyApplied: true, warnings: report.warnings, accepted: 0, pending: 0, rejected: [], row: run };
      if (version !== run.version) throw new StaleVersionError('paymentRun', run.version);
      const matched = await matchReport(tx, run, report, sha256);
      const counts = await storeStatuses(tx, matched, id, actor.id);
      const row = await paymentRunWorkflow.send(tx, id, { type: 'BANK_REPORT', ...counts }, { actor, today, version });
      const rejected = matched.updates.filter((u) => bankOutcome(u.status) === 'rejected').map((u) => ({ reimbursementId: u.reimbursementId, folio: u.folio, reasonCode: u.code, reasonText: u.text }));
      const accepted = matched.updates.filter((u) => bankOutcome(u.status) === 'accepted').length;
      return { alreadyApplied: false, warnings: report.warnings, accepted, pending: counts.pending, rejected, row };
    });
  },
};
