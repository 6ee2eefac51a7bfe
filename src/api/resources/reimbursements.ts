import { queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { attachmentsQuery } from './attachments.ts';
import { defineResource } from './define-resource.ts';

export type Reimbursement = Schemas['Reimbursement'];
export type ReimbursementLine = Schemas['ReimbursementLine'];
export type ReimbursementInput = Schemas['ReimbursementInput'];
export type ReimbursementLineInput = Schemas['ReimbursementLineInput'];
export type ReimbursementEventBody = Schemas['ReimbursementEvent'];
export type Liquidation = Schemas['Liquidation'];
export type ProcedureCode = Schemas['ProcedureCode'];
type ReimbursementQuery = NonNullable<paths['/api/reimbursements']['get']['parameters']['query']>;

export const reimbursements = defineResource<Reimbursement, never, ReimbursementQuery>('reimbursements', {
  list: (query) => call(api.GET('/api/reimbursements', { params: { query } })),
  get: (id) => call(api.GET('/api/reimbursements/{id}', { params: { path: { id } } })),
});

/** Creates the draft; the same key sent again (a double click, a retry after a lost answer) answers the same record. */
export const createReimbursement = (input: ReimbursementInput, idempotencyKey: string) =>
  call(api.POST('/api/reimbursements', { body: input, headers: { 'Idempotency-Key': idempotencyKey } }));

export const updateReimbursement = (id: number, body: Schemas['ReimbursementUpdate']) => call(api.PUT('/api/reimbursements/{id}', { params: { path: { id } }, body }));

export const sendReimbursementEvent = (id: number, body: ReimbursementEventBody) =>
  call(api.POST('/api/reimbursements/{id}/events', { params: { path: { id } }, body }));

/** Events on a reimbursement: its record, history and lists (all under its prefix) and its documents refresh. */
export const reimbursementWorkflow: WorkflowEndpoint<Reimbursement, Omit<ReimbursementEventBody, 'version'>> = {
  send: sendReimbursementEvent,
  refresh: (client, id, fresh) => {
    if (fresh) client.setQueryData(reimbursements.keys.detail(id), fresh);
    return Promise.all([client.invalidateQueries({ queryKey: reimbursements.keys.all }), client.invalidateQueries({ queryKey: attachmentsQuery(id).queryKey })]);
  },
};

export const liquidationQuery = (id: number, version: number) =>
  queryOptions({
    queryKey: [...reimbursements.keys.detail(id), 'liquidation', version],
    queryFn: () => call(api.GET('/api/reimbursements/{id}/liquidation', { params: { path: { id } } })),
  });
/** The engine's figures for lines not saved yet, as if they were the draft's (nothing is stored). */
export const linesPreviewQuery = (id: number, body: Schemas['LiquidationPreviewInput']) =>
  queryOptions({
    queryKey: [...reimbursements.keys.detail(id), 'liquidation-preview', body],
    queryFn: ({ signal }) => call(api.POST('/api/reimbursements/{id}/liquidation-preview', { params: { path: { id } }, body, signal })),
    staleTime: 60_000,
  });
/** Who the signed-in user may assign the reimbursement to for review (a supervisor: any reviewer; others: themselves). */
export const assigneesQuery = (id: number) =>
  queryOptions({
    queryKey: [...reimbursements.keys.detail(id), 'assignees'],
    queryFn: () => call(api.GET('/api/reimbursements/{id}/assignees', { params: { path: { id } } })),
    select: (answer) => answer.items,
    staleTime: 60_000,
  });
export const fetchLiquidation = (id: number) => call(api.GET('/api/reimbursements/{id}/liquidation', { params: { path: { id } } }));

/** The liquidation summary as a PDF in the reader's language (the server audits each download); never cached. */
export const liquidationSummaryPdf = async (id: number) =>
  (await call(api.GET('/api/reimbursements/{id}/liquidation-summary', { params: { path: { id } }, parseAs: 'blob' }))) as Blob;
