import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { queryKeys } from './keys.ts';
import { reimbursements } from './reimbursements.ts';

export type PaymentRun = Schemas['PaymentRun'];
export type PaymentRunItem = Schemas['PaymentRunItem'];
export type PaymentRunEvent = Schemas['PaymentRunEvent'];
export type ReportResult = Schemas['PaymentStatusReportResult'];

/** A run's record, lists and history (under its detail key) share this prefix. */
export const paymentRunKeys = queryKeys('paymentRuns');

export const runsQuery = (state: string | null, page: number) =>
  queryOptions({
    queryKey: paymentRunKeys.list({ state, page }),
    queryFn: () => call(api.GET('/api/payment-runs', { params: { query: { page, pageSize: 50, ...(state ? { state: state as PaymentRun['state'] } : {}) } } })),
  });

export const runQuery = (id: number) => queryOptions({ queryKey: paymentRunKeys.detail(id), queryFn: () => call(api.GET('/api/payment-runs/{id}', { params: { path: { id } } })) });

export type PayableClaims = Schemas['PayableClaims'];
export type PayableClaim = Schemas['PayableClaim'];
export type PayableFilter = NonNullable<paths['/api/payable-claims']['get']['parameters']['query']>;

/**
 * Claims treasury may put in a new run, filtered and paged by the server, with the whole selection's totals and
 * the claims it matches that cannot enter; under the runs' key since a run's events change which are free.
 */
export const payableClaimsQuery = (filter: PayableFilter) =>
  queryOptions({
    queryKey: paymentRunKeys.list({ payable: filter }),
    queryFn: () => call(api.GET('/api/payable-claims', { params: { query: filter } })),
    placeholderData: (previous) => previous,
  });

/** After an event or a report: the run (record, lists, history) and every claim list, since claims leave or are paid. */
const refreshRun = (client: QueryClient, id: number, run?: PaymentRun) => {
  if (run) client.setQueryData(paymentRunKeys.detail(id), run);
  return Promise.all([client.invalidateQueries({ queryKey: paymentRunKeys.all }), client.invalidateQueries({ queryKey: reimbursements.keys.all })]);
};

export function useCreateRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['PaymentRunInput']) => call(api.POST('/api/payment-runs', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentRunKeys.all }),
  });
}

/** Events on a run, sent with the version the screen shows. */
export const paymentRunWorkflow: WorkflowEndpoint<PaymentRun, Omit<PaymentRunEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/payment-runs/{id}/events', { params: { path: { id } }, body: body as PaymentRunEvent })),
  refresh: refreshRun,
};

/** Uploads the bank's pain.002 status report for the run. */
export function useStatusReport(run: PaymentRun) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('version', String(run.version));
      form.set('file', file);
      return call(api.POST('/api/payment-runs/{id}/status-reports', { params: { path: { id: run.id } }, body: form as never }));
    },
    onSuccess: (result) => void refreshRun(client, run.id, result.run),
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
