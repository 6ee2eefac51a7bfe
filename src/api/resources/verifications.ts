import { queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { defineResource } from './define-resource.ts';

export type Verification = Schemas['Verification'];
export type VerificationEventBody = Schemas['VerificationEvent'];
export type VerificationQuery = NonNullable<paths['/api/verifications']['get']['parameters']['query']>;
export type WorklistCounts = paths['/api/verifications/counts']['get']['responses']['200']['content']['application/json'];

export const verifications = defineResource<Verification, never, VerificationQuery>('verifications', {
  list: (query) => call(api.GET('/api/verifications', { params: { query } })),
  get: (id) => call(api.GET('/api/verifications/{id}', { params: { path: { id } } })),
});

/**
 * Verified verifications, the ones a claim starts from: the scheduler expires them when their validity ends, so these
 * are the still valid ones. Verifications seen through a filter, so under the verifications' keys with the filter in
 * the list key: an event on a verification refreshes this list too.
 */
export const readyVerifications = defineResource<Verification, never, VerificationQuery>(
  'reimbursable-verifications',
  { list: (query) => verifications.list({ ...query, state: 'verified' }), get: verifications.get },
  { ...verifications.keys, list: (query) => verifications.keys.list({ ...query, state: 'verified' }) },
);

export const countsQuery = (query: { assigned?: 'mine' | 'unassigned'; pastDue?: boolean }) =>
  queryOptions({ queryKey: [...verifications.keys.all, 'counts', query], queryFn: () => call(api.GET('/api/verifications/counts', { params: { query } })) });

/** Verified verifications whose folio or patient matches `q` (two characters at least), as a plan's preauthorization finder offers them. */
export const verifiedSearchQuery = (q: string) => ({
  ...verifications.listQuery({ q, state: 'verified', pageSize: 50 }),
  enabled: q.trim().length >= 2,
  placeholderData: undefined,
  staleTime: 30_000,
});

export const sendVerificationEvent = (id: number, body: VerificationEventBody) => call(api.POST('/api/verifications/{id}/events', { params: { path: { id } }, body }));

/** Events on a verification: everything read under the verifications' prefix (the record, lists, counts, history, lookups) is read again. */
export const verificationWorkflow: WorkflowEndpoint<Verification, Omit<VerificationEventBody, 'version'>> = {
  send: sendVerificationEvent,
  refresh: (client, id, fresh) => {
    if (fresh) client.setQueryData(verifications.keys.detail(id), fresh);
    return client.invalidateQueries({ queryKey: verifications.keys.all });
  },
};

export const createVerification = (body: Schemas['VerificationInput']) => call(api.POST('/api/verifications', { body }));

/** The liquidation a new reimbursement on the verification would have (nothing is stored): under the verification's key. */
export const unsavedLinesPreviewQuery = (verificationId: number, body: Schemas['LiquidationPreviewInput']) =>
  queryOptions({
    queryKey: [...verifications.keys.detail(verificationId), 'liquidation-preview', body],
    queryFn: ({ signal }) => call(api.POST('/api/verifications/{id}/liquidation-preview', { params: { path: { id: verificationId } }, body, signal })),
    staleTime: 60_000,
  });

/** One verification, as a claim or a plan proposal starts from it. */
export const verificationQuery = (id: number) => verifications.oneQuery(id);
