import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import type { QueryKeys } from './keys.ts';
import { plans } from './orthodontic-plans.ts';
import { paymentRunKeys } from './payment-runs.ts';
import { reimbursements } from './reimbursements.ts';
import { verifications } from './verifications.ts';

export type HistoryEntity = 'verification' | 'reimbursement' | 'orthodontic-plan' | 'payment-run';

/** One accepted event: who sent it, when, the states it moved between and the fields it carried. */
export type HistoryItem = Schemas['WorkflowHistory']['items'][number];

/** Each workflow's history lives under its record's key (`[resource, 'detail', id, 'history']`): an event on the record refreshes it. */
const histories: Record<HistoryEntity, { keys: QueryKeys; fetch: (id: number) => Promise<{ items: HistoryItem[] }> }> = {
  verification: { keys: verifications.keys, fetch: (id) => call(api.GET('/api/verifications/{id}/history', { params: { path: { id } } })) },
  reimbursement: { keys: reimbursements.keys, fetch: (id) => call(api.GET('/api/reimbursements/{id}/history', { params: { path: { id } } })) },
  'orthodontic-plan': { keys: plans.keys, fetch: (id) => call(api.GET('/api/orthodontic-plans/{id}/history', { params: { path: { id } } })) },
  'payment-run': { keys: paymentRunKeys, fetch: (id) => call(api.GET('/api/payment-runs/{id}/history', { params: { path: { id } } })) },
};

export const workflowHistoryQuery = (entity: HistoryEntity, id: number | null) =>
  queryOptions({ queryKey: [...histories[entity].keys.detail(id ?? 0), 'history'], queryFn: () => histories[entity].fetch(id!), enabled: id !== null });

/** A workflow record's accepted events, oldest first. */
export const useWorkflowHistory = (entity: HistoryEntity, id: number | null) => useQuery(workflowHistoryQuery(entity, id));
