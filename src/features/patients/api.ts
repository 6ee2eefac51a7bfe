import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

export type Patient = Schemas['Patient'];
export type PatientInput = Schemas['PatientInput'];
export type PatientOverview = Schemas['PatientOverview'];
export type PolicySummary = Schemas['PolicySummary'];
export type PatientEvent = Schemas['PatientEvent'];
export type PatientHistory = Schemas['PatientHistory']['items'];
type PatientQuery = NonNullable<paths['/api/patients']['get']['parameters']['query']>;

export const patients = defineResource<Patient, PatientInput, PatientQuery>('patients', {
  list: (query) => call(api.GET('/api/patients', { params: { query } })),
  get: (id) => call(api.GET('/api/patients/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/patients', { body })),
  // The policy is fixed at enrolment: an update carries every field but it.
  update: (id, { policyId: _policy, ...body }) => call(api.PUT('/api/patients/{id}', { params: { path: { id } }, body })),
});

/** Which page of each kind of linked record the patient view shows. */
export interface LinkedPages {
  verificationsPage: number;
  reimbursementsPage: number;
  plansPage: number;
  pageSize: number;
}
export const FIRST_LINKED_PAGES: LinkedPages = { verificationsPage: 1, reimbursementsPage: 1, plansPage: 1, pageSize: 10 };

export const overviewQuery = (id: number, pages: LinkedPages = FIRST_LINKED_PAGES) =>
  queryOptions({
    queryKey: [...patients.keys.detail(id), 'overview', pages],
    queryFn: () => call(api.GET('/api/patients/{id}/overview', { params: { path: { id }, query: pages } })),
    // Turning a page of linked records keeps the view on screen while the next page arrives.
    placeholderData: keepPreviousData,
  });

export const historyQuery = (id: number) =>
  queryOptions({ queryKey: [...patients.keys.detail(id), 'history'], queryFn: () => call(api.GET('/api/patients/{id}/history', { params: { path: { id } } })) });

export const policySummaryQuery = (id: number) =>
  queryOptions({ queryKey: ['policy-summaries', 'detail', id], queryFn: () => call(api.GET('/api/policy-summaries/{id}', { params: { path: { id } } })) });

export const policySearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['policy-summaries', 'search', q],
    queryFn: () => call(api.GET('/api/policy-summaries', { params: { query: { q: q || undefined, open: true, limit: 20 } } })),
    staleTime: 30_000,
  });

/** Suspends, resumes or ends a patient's coverage; the patient, its view and the lists refresh. */
export const patientWorkflow: WorkflowEndpoint<Patient, Omit<PatientEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/patients/{id}/events', { params: { path: { id } }, body })),
  refresh: (client, id, patient) => {
    if (patient) client.setQueryData(patients.keys.detail(id), patient);
    return Promise.all([client.invalidateQueries({ queryKey: patients.keys.detail(id) }), client.invalidateQueries({ queryKey: patients.keys.lists })]);
  },
};
