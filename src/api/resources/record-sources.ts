import { queryOptions } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { reimbursements } from './reimbursements.ts';
import { verifications } from './verifications.ts';

export type SourceEntity = 'verification' | 'reimbursement';
export type SourceResource = Schemas['SourceResource'];

const fetchers: Record<SourceEntity, { keys: typeof reimbursements.keys; fetch: (id: number) => Promise<SourceResource> }> = {
  verification: { keys: verifications.keys, fetch: (id) => call(api.GET('/api/verifications/{id}/source', { params: { path: { id } } })) },
  reimbursement: { keys: reimbursements.keys, fetch: (id) => call(api.GET('/api/reimbursements/{id}/source', { params: { path: { id } } })) },
};

/** The FHIR resource a record was made from, under the record's own key; it never changes, so it is read once. */
export const recordSourceQuery = (entity: SourceEntity, id: number, enabled: boolean) =>
  queryOptions({ queryKey: [...fetchers[entity].keys.detail(id), 'source'], queryFn: () => fetchers[entity].fetch(id), enabled, staleTime: Infinity });
