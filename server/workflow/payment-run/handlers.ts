import type { Deps, HandlersOf, RequestContext } from '../../http/types.ts';
import { RuleRefusedError } from '../../errors.ts';
import { HttpProblem } from '../../http/problem.ts';
import { liquidationChanged } from './facts.ts';
import { auditPartRead, requestActor, requireEventPermission, versionedEvent } from '../shared/workflow-actor.ts';
import { getPayeeAccount, listDebtorAccounts, revealPayeeAccount, saveDebtorAccount, savePayeeAccount } from './accounts.ts';
import { paymentRunService as service, paymentRunWorkflow } from './service.ts';
import { itemsOf, type PaymentRunRow } from './repository.ts';
import { listPayableClaims } from './payable.ts';

type Operation =
  | 'listPaymentRuns'
  | 'listPayableClaims'
  | 'createPaymentRun'
  | 'getPaymentRun'
  | 'sendPaymentRunEvent'
  | 'getPaymentRunHistory'
  | 'downloadPaymentRunFile'
  | 'uploadPaymentStatusReport'
  | 'revealPaymentRunAccount'
  | 'savePayeeAccount'
  | 'getPayeeAccount'
  | 'revealPayeeAccount'
  | 'listDebtorAccounts'
  | 'saveDebtorAccount';

/** Largest status report read: a pain.002 for a run of 10,000 payments is a few MB. */
const MAX_REPORT_BYTES = 15 * 1024 * 1024;

export function paymentRunHandlers({ db, today }: Deps): HandlersOf<Operation> {
  const presented = async (row: PaymentRunRow, request: RequestContext) => {
    const body = await service.present(db, row, requestActor(request), today());
    return { status: 200 as const, body, headers: { ETag: `"${body.version}"` } };
  };

  return {
    async listPaymentRuns(request) {
      const page = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { ...page, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async listPayableClaims(request) {
      return { status: 200, body: await listPayableClaims(db, request.query) };
    },

    async createPaymentRun(request) {
      const row = await db.transaction((tx) => service.create(tx, request.body, requestActor(request), today()));
      const { body, headers } = await presented(row, request);
      return { status: 201, body, headers: { ...headers, Location: `/api/payment-runs/${row.id}` } };
    },

    async getPaymentRun(request) {
      const body = await paymentRunWorkflow.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body: body!, headers: { ETag: `"${body!.version}"` } };
    },

    async sendPaymentRunEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof paymentRunWorkflow.machine>(request);
      await requireEventPermission(db, paymentRunWorkflow.machine, 'payment_run', event.type, request);
      try {
        return presented(await db.transaction((tx) => paymentRunWorkflow.send(tx, request.params.id, event, { actor: user, today: today(), version })), request);
      } catch (error) {
        // Treasury must know which claims to look at: the refusal names them.
        if (!(error instanceof RuleRefusedError) || error.rule !== 'paymentRun.liquidationChanged') throw error;
        const claims = (await itemsOf(db, [request.params.id])).filter(liquidationChanged).map((i) => i.folio);
        throw new RuleRefusedError(error.rule, { claims });
      }
    },

    async getPaymentRunHistory(request) {
      await paymentRunWorkflow.find(db, request.params.id);
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, 'payment_run', request, request.params.id, 'history');
      return { status: 200, body: { items } };
    },

    async downloadPaymentRunFile(request) {
      const file = await service.file(db, request.params.id, requestActor(request));
      return {
        status: 200,
        body: file.bytes,
        headers: {
          'Content-Type': 'application/xml; charset=utf-8',
          'Content-Length': String(file.bytes.length),
          'Content-Disposition': `attachment; filename="${file.folio}.xml"`,
          'X-Content-SHA256': file.sha256,
        },
      };
    },

    async uploadPaymentStatusReport(request) {
      const file = request.body.file as unknown;
      if (!(file instanceof Blob)) throw new HttpProblem(400, 'request.invalid', 'Send the status report as the form field `file`.', [{ path: 'body/file', keyword: 'type' }]);
      if (file.size > MAX_REPORT_BYTES) throw new HttpProblem(413, 'request.tooLarge', 'The status report is too large.');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await service.applyStatusReport(db, request.params.id, bytes, Number(request.body.version), requestActor(request), today());
      const { body: run } = await presented(result.row, request);
      const { row: _row, ...rest } = result;
      return { status: 200, body: { ...rest, run } };
    },

    async revealPaymentRunAccount(request) {
      return { status: 200, body: await service.revealAccount(db, request.params.id, request.params.reimbursementId, requestActor(request)) };
    },

    async savePayeeAccount(request) {
      const body = await db.transaction((tx) => savePayeeAccount(tx, request.body, requestActor(request)));
      return { status: 200, body };
    },

    async getPayeeAccount(request) {
      return { status: 200, body: { account: await getPayeeAccount(db, request.params) } };
    },

    async revealPayeeAccount(request) {
      return { status: 200, body: await revealPayeeAccount(db, request.params, requestActor(request)) };
    },

    async listDebtorAccounts() {
      return { status: 200, body: { items: await listDebtorAccounts(db) } };
    },

    async saveDebtorAccount(request) {
      const body = await db.transaction((tx) => saveDebtorAccount(tx, request.body, requestActor(request)));
      return { status: 200, body };
    },
  };
}
