import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client.ts';
import { workflowHistoryQuery } from '../../api/workflow-history.ts';

export type PaymentRun = Schemas['PaymentRun'];
export type PaymentRunItem = Schemas['PaymentRunItem'];
export type PaymentRunEvent = Schemas['PaymentRunEvent'];
export type ReportResult = Schemas['PaymentStatusReportResult'];
export type Reimbursement = Schemas['Reimbursement'];

const KEY = ['paymentRuns'] as const;

export const runsQuery = (state: string | null, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', { state, page }],
    queryFn: () => call(api.GET('/api/payment-runs', { params: { query: { page, pageSize: 50, ...(state ? { state: state as PaymentRun['state'] } : {}) } } })),
  });

export const runQuery = (id: number) => queryOptions({ queryKey: [...KEY, 'detail', id], queryFn: () => call(api.GET('/api/payment-runs/{id}', { params: { path: { id } } })) });

/** Claims treasury may put in a run: approved in full or in part, not paid. */
export const payableClaimsQuery = (page: number) =>
  queryOptions({
    queryKey: ['reimbursements', 'list', { state: 'approved,partiallyApproved', page, purpose: 'payment-run' }],
    queryFn: () => call(api.GET('/api/reimbursements', { params: { query: { state: 'approved,partiallyApproved', page, pageSize: 100, sort: 'folio' } } })),
  });

function useRunRefresh(id: number) {
  const client = useQueryClient();
  return (run?: PaymentRun) => {
    if (run) client.setQueryData(runQuery(id).queryKey, run);
    return Promise.all([
      client.invalidateQueries({ queryKey: KEY }),
      client.invalidateQueries({ queryKey: ['reimbursements'] }),
      client.invalidateQueries({ queryKey: workflowHistoryQuery('payment-run', id).queryKey }),
    ]);
  };
}

export function useCreateRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['PaymentRunInput']) => call(api.POST('/api/payment-runs', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Sends one statechart event with the version the screen shows. */
export function useRunEvent(id: number) {
  const refresh = useRunRefresh(id);
  return useMutation({
    mutationFn: (body: PaymentRunEvent) => call(api.POST('/api/payment-runs/{id}/events', { params: { path: { id } }, body })),
    onSuccess: (run) => void refresh(run),
  });
}

/** Uploads the bank's pain.002 status report for the run. */
export function useStatusReport(run: PaymentRun) {
  const refresh = useRunRefresh(run.id);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('version', String(run.version));
      form.set('file', file);
      return call(api.POST('/api/payment-runs/{id}/status-reports', { params: { path: { id: run.id } }, body: form as never }));
    },
    onSuccess: (result) => void refresh(result.run),
  });
}

/** The full account a run pays one claim to; the server audits each reveal. */
export const revealAccount = (runId: number, reimbursementId: number) =>
  call(api.GET('/api/payment-runs/{id}/items/{reimbursementId}/account', { params: { path: { id: runId, reimbursementId } } }));

/** The run's file, fetched with the session and handed to the browser as a download (the same bytes every time). */
export async function saveRunFile(run: PaymentRun) {
  const blob = (await call(api.GET('/api/payment-runs/{id}/file', { params: { path: { id: run.id } }, parseAs: 'blob' }))) as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${run.folio}.xml`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
