import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { defineResource } from './define-resource.ts';
import { reimbursements } from './reimbursements.ts';

export type Plan = Schemas['OrthodonticPlan'];
export type PlanInput = Schemas['OrthodonticPlanInput'];
export type PlanUpdate = Schemas['OrthodonticPlanUpdate'];
export type PlanEvent = Schemas['OrthodonticPlanEvent'];
export type Installment = Schemas['OrthodonticInstallment'];
export type PlanHistory = Schemas['OrthodonticPlanHistory']['items'];
type PlanQuery = NonNullable<paths['/api/orthodontic-plans']['get']['parameters']['query']>;

export const plans = defineResource<Plan, PlanInput, PlanQuery>('orthodonticPlans', {
  list: (query) => call(api.GET('/api/orthodontic-plans', { params: { query } })),
  get: (id) => call(api.GET('/api/orthodontic-plans/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/orthodontic-plans', { body })),
});

/** Everything that shows the plan: every query under the plans' prefix (its record, lists, history: timeline and Diagramas path). */
const refreshPlan = (client: QueryClient, id: number, plan?: Plan) => {
  if (plan) client.setQueryData(plans.keys.detail(id), plan);
  return client.invalidateQueries({ queryKey: plans.keys.all });
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
    onSuccess: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: reimbursements.keys.all })]),
  });
}
