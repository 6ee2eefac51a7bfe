import { queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, ApiError, call, sessionBridge, type Problem, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import { workflowHistoryQuery } from '../../api/workflow-history.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

export type Reimbursement = Schemas['Reimbursement'];
export type ReimbursementLine = Schemas['ReimbursementLine'];
export type ReimbursementInput = Schemas['ReimbursementInput'];
export type ReimbursementLineInput = Schemas['ReimbursementLineInput'];
export type ReimbursementEventBody = Schemas['ReimbursementEvent'];
export type Liquidation = Schemas['Liquidation'];
export type Verification = Schemas['Verification'];
export type Attachment = Schemas['Attachment'];
export type DocumentType = Schemas['DocumentType'];
export type ProcedureCode = Schemas['ProcedureCode'];
type ReimbursementQuery = NonNullable<paths['/api/reimbursements']['get']['parameters']['query']>;

export const reimbursements = defineResource<Reimbursement, never, ReimbursementQuery>('reimbursements', {
  list: (query) => call(api.GET('/api/reimbursements', { params: { query } })),
  get: (id) => call(api.GET('/api/reimbursements/{id}', { params: { path: { id } } })),
});

/** Verified verifications: the scheduler expires them when their validity ends, so these are the still valid ones. */
export const readyVerifications = defineResource<Verification, never, NonNullable<paths['/api/verifications']['get']['parameters']['query']>>('reimbursable-verifications', {
  list: (query) => call(api.GET('/api/verifications', { params: { query: { ...query, state: 'verified' } } })),
  get: (id) => call(api.GET('/api/verifications/{id}', { params: { path: { id } } })),
});

export const verificationQuery = (id: number) =>
  queryOptions({ queryKey: ['reimbursements', 'verification', id], queryFn: () => call(api.GET('/api/verifications/{id}', { params: { path: { id } } })) });

/** Creates the draft; the same key sent again (a double click, a retry after a lost answer) answers the same record. */
export const createReimbursement = (input: ReimbursementInput, idempotencyKey: string) =>
  call(api.POST('/api/reimbursements', { body: input, headers: { 'Idempotency-Key': idempotencyKey } }));

export const updateReimbursement = (id: number, body: Schemas['ReimbursementUpdate']) => call(api.PUT('/api/reimbursements/{id}', { params: { path: { id } }, body }));

export const sendReimbursementEvent = (id: number, body: ReimbursementEventBody) =>
  call(api.POST('/api/reimbursements/{id}/events', { params: { path: { id } }, body }));

/** Events on a reimbursement: what they refresh is the record, its history, its documents and every list. */
export const reimbursementWorkflow: WorkflowEndpoint<Reimbursement, Omit<ReimbursementEventBody, 'version'>> = {
  send: sendReimbursementEvent,
  refresh: async (client, id, fresh) => {
    if (fresh) client.setQueryData(reimbursements.keys.detail(id), fresh);
    else await client.invalidateQueries({ queryKey: reimbursements.keys.detail(id) });
    await Promise.all([
      client.invalidateQueries({ queryKey: workflowHistoryQuery('reimbursement', id).queryKey }),
      client.invalidateQueries({ queryKey: attachmentsQuery(id).queryKey }),
      client.invalidateQueries({ queryKey: reimbursements.keys.lists }),
    ]);
  },
};

export const liquidationQuery = (id: number, version: number) =>
  queryOptions({
    queryKey: ['reimbursements', 'liquidation', id, version],
    queryFn: () => call(api.GET('/api/reimbursements/{id}/liquidation', { params: { path: { id } } })),
  });
/** The engine's figures for lines not saved yet, as if they were the draft's (nothing is stored). */
export const linesPreviewQuery = (id: number, body: Schemas['LiquidationPreviewInput']) =>
  queryOptions({
    queryKey: ['reimbursements', 'lines-preview', id, body],
    queryFn: ({ signal }) => call(api.POST('/api/reimbursements/{id}/liquidation-preview', { params: { path: { id } }, body, signal })),
    staleTime: 60_000,
  });
/** The same figures before the first save: the lines as a new reimbursement on the verification (nothing is stored). */
export const unsavedLinesPreviewQuery = (verificationId: number, body: Schemas['LiquidationPreviewInput']) =>
  queryOptions({
    queryKey: ['reimbursements', 'unsaved-preview', verificationId, body],
    queryFn: ({ signal }) => call(api.POST('/api/verifications/{id}/liquidation-preview', { params: { path: { id: verificationId } }, body, signal })),
    staleTime: 60_000,
  });
/** Who the signed-in user may assign the reimbursement to for review (a supervisor: any reviewer; others: themselves). */
export const assigneesQuery = (id: number) =>
  queryOptions({
    queryKey: ['reimbursements', 'assignees', id],
    queryFn: () => call(api.GET('/api/reimbursements/{id}/assignees', { params: { path: { id } } })),
    select: (answer) => answer.items,
    staleTime: 60_000,
  });
export const fetchLiquidation = (id: number) => call(api.GET('/api/reimbursements/{id}/liquidation', { params: { path: { id } } }));

export const attachmentsQuery = (ownerId: number) =>
  queryOptions({
    queryKey: ['reimbursements', 'attachments', ownerId],
    queryFn: () => call(api.GET('/api/attachments', { params: { query: { ownerType: 'reimbursement', ownerId } } })),
    select: (page) => page.items,
  });

const SETTINGS_STALE = 5 * 60_000;
export const procedureCodesQuery = () =>
  queryOptions({
    queryKey: ['reimbursements', 'procedure-codes'],
    queryFn: () => call(api.GET('/api/settings/procedures')),
    select: (page) => page.items.filter((code) => code.active),
    staleTime: SETTINGS_STALE,
  });
export const doctorChoicesQuery = (q: string) =>
  queryOptions({
    queryKey: ['reimbursements', 'doctors', q],
    queryFn: () => call(api.GET('/api/doctors', { params: { query: { q: q || undefined, pageSize: 20, state: 'ACTIVE' } } })),
    select: (page) => page.items,
    staleTime: 60_000,
  });
export const doctorQuery = (id: number) =>
  queryOptions({ queryKey: ['reimbursements', 'doctor', id], queryFn: () => call(api.GET('/api/doctors/{id}', { params: { path: { id } } })), staleTime: 5 * 60_000 });

/**
 * Uploads one document with its progress (fetch reports none, so XMLHttpRequest); a failure is an ApiError with the
 * server's problem, like every other call.
 */
export function uploadDocument(ownerId: number, documentType: DocumentType, file: File, onProgress: (fraction: number) => void): Promise<Attachment> {
  const form = new FormData();
  form.set('ownerType', 'reimbursement');
  form.set('ownerId', String(ownerId));
  form.set('documentType', documentType);
  form.set('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/attachments');
    const token = sessionBridge.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, { type: 'urn:problem:network', title: 'Network error', status: 0, code: 'network.unreachable' }));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 201) return resolve(body as Attachment);
      if (request.status === 401 && token) sessionBridge.onUnauthorized();
      const problem = body && typeof body === 'object' && 'code' in body ? (body as Problem) : { type: 'about:blank', title: request.statusText, status: request.status, code: `http.${request.status}` };
      reject(new ApiError(request.status, problem));
    };
    request.send(form);
  });
}

/** The attachment's file, fetched with the session (an <img> or <iframe> cannot send the bearer token), as an object URL. */
export async function attachmentBlobUrl(id: number): Promise<string> {
  const blob = await call(api.GET('/api/attachments/{id}/content', { params: { path: { id } }, parseAs: 'blob' }));
  return URL.createObjectURL(blob as Blob);
}
