import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import { workflowHistoryQuery } from '../../api/workflow-history.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

export type Plan = Schemas['OrthodonticPlan'];
export type PlanInput = Schemas['OrthodonticPlanInput'];
export type PlanUpdate = Schemas['OrthodonticPlanUpdate'];
export type PlanEvent = Schemas['OrthodonticPlanEvent'];
export type Installment = Schemas['OrthodonticInstallment'];
export type PlanHistory = Schemas['OrthodonticPlanHistory']['items'];
export type Verification = Schemas['Verification'];
type PlanQuery = NonNullable<paths['/api/orthodontic-plans']['get']['parameters']['query']>;

export const plans = defineResource<Plan, PlanInput, PlanQuery>('orthodonticPlans', {
  list: (query) => call(api.GET('/api/orthodontic-plans', { params: { query } })),
  get: (id) => call(api.GET('/api/orthodontic-plans/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/orthodontic-plans', { body })),
});

export const planHistoryQuery = (id: number) =>
  queryOptions({ queryKey: [...plans.keys.detail(id), 'history'], queryFn: () => call(api.GET('/api/orthodontic-plans/{id}/history', { params: { path: { id } } })) });

export const verificationQuery = (id: number) =>
  queryOptions({ queryKey: ['verifications', 'detail', id], queryFn: () => call(api.GET('/api/verifications/{id}', { params: { path: { id } } })) });

/** Verified verifications whose folio or patient matches `q` (the screen keeps the orthodontic preauthorizations). */
export const verifiedSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['verifications', 'list', { q, state: 'verified', purpose: 'orthodontic-plan' }],
    queryFn: () => call(api.GET('/api/verifications', { params: { query: { q, state: 'verified', pageSize: 50 } } })),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

/** Active orthodontists, the only doctors a plan accepts. */
export const orthodontistsQuery = () =>
  queryOptions({
    queryKey: ['doctors', 'list', { specialty: 'ORTHODONTICS', state: 'ACTIVE', pageSize: 100 }],
    queryFn: () => call(api.GET('/api/doctors', { params: { query: { specialty: 'ORTHODONTICS', state: 'ACTIVE', pageSize: 100, sort: 'lastNames' } } })),
    staleTime: 60_000,
  });

/** Everything that shows the plan: its record, lists, history (timeline and Diagramas path). */
const refreshPlan = (client: QueryClient, id: number, plan?: Plan) => {
  if (plan) client.setQueryData(plans.keys.detail(id), plan);
  return Promise.all([
    client.invalidateQueries({ queryKey: plans.keys.detail(id) }),
    client.invalidateQueries({ queryKey: plans.keys.lists }),
    client.invalidateQueries({ queryKey: workflowHistoryQuery('orthodontic-plan', id).queryKey }),
  ]);
};

function usePlanRefresh(id: number) {
  const client = useQueryClient();
  return (plan?: Plan) => refreshPlan(client, id, plan);
}

/** Events on a plan, sent with the version the screen shows. */
export const planWorkflow: WorkflowEndpoint<Plan, Omit<PlanEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/orthodontic-plans/{id}/events', { params: { path: { id } }, body })),
  refresh: refreshPlan,
};

/** Changes the treatment and schedule of a proposed or approved plan. */
export function usePlanUpdate(id: number) {
  const refresh = usePlanRefresh(id);
  return useMutation({
    mutationFn: (body: PlanUpdate) => call(api.PUT('/api/orthodontic-plans/{id}', { params: { path: { id } }, body })),
    onSuccess: (plan) => void refresh(plan),
  });
}

export interface ClaimInput {
  installment: Installment;
  invoiceNumber: string;
  invoiceDate: string;
  chargedCents: number;
  /** One key per claim the user starts: a double click or a retry makes one reimbursement. */
  idempotencyKey: string;
}

/** Claims a claimable instalment: the orthodontic reimbursement for it, from the plan's preauthorization. */
export function useClaimInstallment(plan: Plan) {
  const refresh = usePlanRefresh(plan.id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ installment, invoiceNumber, invoiceDate, chargedCents, idempotencyKey }: ClaimInput) =>
      call(
        api.POST('/api/reimbursements', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: {
            verificationId: plan.preauthorizationId,
            doctorId: plan.doctorId,
            installmentId: installment.id,
            payee: 'HOLDER',
            invoiceNumber,
            invoiceDate,
            lines: [{ procedureCode: plan.treatmentCode, serviceDate: installment.dueDate, quantity: 1, chargedCents, otherInsurerPaidCents: 0 }],
          },
        }),
      ),
    onSuccess: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: ['reimbursements'] })]),
  });
}

/** The verification's policy: its currency is the one a plan's fee is entered in. */
export const policyQuery = (id: number) =>
  queryOptions({ queryKey: ['policies', 'detail', id], queryFn: () => call(api.GET('/api/policies/{id}', { params: { path: { id } } })) });
