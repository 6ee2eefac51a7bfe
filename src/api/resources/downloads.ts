import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../save-blob.ts';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';

export type Download = Schemas['Download'];
export type DownloadInput = Schemas['DownloadInput'];
export type DownloadList = Schemas['DownloadList'];

export const DOWNLOAD_LISTS: readonly DownloadList[] = [
  'insurers', 'users', 'doctors', 'patients', 'policyholders', 'verifications', 'reimbursements',
  'reimbursements-general', 'reimbursements-orthodontic', 'reimbursement-lines', 'reimbursable-verifications', 'orthodonticPlans', 'announcements',
];
/** Lists of patients and claims hold health data: their exports need a reason (the server says so too). */
export const HEALTH_DATA_LISTS: readonly DownloadList[] = [
  'patients', 'verifications', 'reimbursements', 'reimbursements-general', 'reimbursements-orthodontic', 'reimbursement-lines', 'reimbursable-verifications', 'orthodonticPlans',
];

const live = (page?: { items: Download[] }) => page?.items.some((job) => job.state === 'queued' || job.state === 'running');

const downloadKeys = queryKeys('downloads');

/** A page of export jobs; refreshed every second while one is waiting or running, for its progress bar. */
export const downloadsQuery = (query: Record<string, string | number | boolean>) =>
  queryOptions({
    queryKey: downloadKeys.list(query),
    queryFn: () => call(api.GET('/api/downloads', { params: { query } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (live(query.state.data) ? 1000 : false),
  });

export function useCreateDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DownloadInput) => call(api.POST('/api/downloads', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}

/** Fetches a finished file and saves it; the jobs are read again (the server counts the download). */
export function useSaveDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDownload,
    onSuccess: () => client.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}

/** Fetches the finished file (with the session's token) and hands it to the browser as a download. */
export async function saveDownload(job: Download) {
  const blob = await call(api.GET('/api/downloads/{id}/content', { params: { path: { id: job.id } }, parseAs: 'blob' }));
  saveBlob(blob as Blob, job.fileName ?? `export-${job.id}.${job.format}`);
}
