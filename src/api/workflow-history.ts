import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from './client.ts';

export type HistoryEntity = 'verification' | 'reimbursement' | 'orthodontic-plan';

const fetchers: Record<HistoryEntity, (id: number) => Promise<{ items: { event: string; fromState?: string | null; toState: string }[] }>> = {
  verification: (id) => call(api.GET('/api/verifications/{id}/history', { params: { path: { id } } })),
  reimbursement: (id) => call(api.GET('/api/reimbursements/{id}/history', { params: { path: { id } } })),
  'orthodontic-plan': (id) => call(api.GET('/api/orthodontic-plans/{id}/history', { params: { path: { id } } })),
};

export const workflowHistoryQuery = (entity: HistoryEntity, id: number | null) =>
  queryOptions({ queryKey: ['history', entity, id], queryFn: () => fetchers[entity](id!), enabled: id !== null });

/** A workflow record's accepted events, oldest first. */
export const useWorkflowHistory = (entity: HistoryEntity, id: number | null) => useQuery(workflowHistoryQuery(entity, id));
