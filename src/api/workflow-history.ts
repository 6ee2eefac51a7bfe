import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './client.ts';

export type HistoryEntity = 'verification' | 'reimbursement' | 'orthodontic-plan' | 'payment-run';

/** One accepted event: who sent it, when, the states it moved between and the fields it carried. */
export type HistoryItem = Schemas['WorkflowHistory']['items'][number];

const fetchers: Record<HistoryEntity, (id: number) => Promise<{ items: HistoryItem[] }>> = {
  verification: (id) => call(api.GET('/api/verifications/{id}/history', { params: { path: { id } } })),
  reimbursement: (id) => call(api.GET('/api/reimbursements/{id}/history', { params: { path: { id } } })),
  'orthodontic-plan': (id) => call(api.GET('/api/orthodontic-plans/{id}/history', { params: { path: { id } } })),
  'payment-run': (id) => call(api.GET('/api/payment-runs/{id}/history', { params: { path: { id } } })),
};

export const workflowHistoryQuery = (entity: HistoryEntity, id: number | null) =>
  queryOptions({ queryKey: ['history', entity, id], queryFn: () => fetchers[entity](id!), enabled: id !== null });

/** A workflow record's accepted events, oldest first. */
export const useWorkflowHistory = (entity: HistoryEntity, id: number | null) => useQuery(workflowHistoryQuery(entity, id));
