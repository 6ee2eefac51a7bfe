import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, call, sessionBridge, type Problem, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';

export type Attachment = Schemas['Attachment'];
export type DocumentType = Schemas['DocumentType'];

/** Documents attached to a record (`/api/attachments`); an upload refreshes every list of them. */
const attachmentKeys = queryKeys('attachments');

/** A reimbursement's documents (or a verification's: a pre-authorisation's files sent through FHIR). */
export const attachmentsQuery = (ownerId: number, ownerType: 'reimbursement' | 'verification' = 'reimbursement') =>
  queryOptions({
    queryKey: attachmentKeys.list({ ownerType, ownerId }),
    queryFn: () => call(api.GET('/api/attachments', { params: { query: { ownerType, ownerId } } })),
    select: (page) => page.items,
  });

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
    // Every byte sent (a small file may have no progress event before): the server is checking the file now.
    request.upload.onload = () => onProgress(1);
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
