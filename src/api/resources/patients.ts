import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { defineResource } from './define-resource.ts';

export type Patient = Schemas['Patient'];
export type PatientInput = Schemas['PatientInput'];
export type PatientOverview = Schemas['PatientOverview'];
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

/** The patient with coverage, benefits and linked records (the server's default pages are the first ones). */
export const patientOverviewQuery = (id: number, pages: LinkedPages = FIRST_LINKED_PAGES) =>
  queryOptions({
    queryKey: [...patients.keys.detail(id), 'overview', pages],
    queryFn: () => call(api.GET('/api/patients/{id}/overview', { params: { path: { id }, query: pages } })),
    // Turning a page of linked records keeps the view on screen while the next page arrives.
    placeholderData: keepPreviousData,
  });

/** The same overview read once, outside the cache (a flow's coverage facts at the moment it asks). */
export const fetchPatientOverview = (id: number) => call(api.GET('/api/patients/{id}/overview', { params: { path: { id } } }));

export const patientHistoryQuery = (id: number) =>
  queryOptions({ queryKey: [...patients.keys.detail(id), 'history'], queryFn: () => call(api.GET('/api/patients/{id}/history', { params: { path: { id } } })) });

/** Active patients whose name or document matches `q` (two characters at least), as a new verification finds them. */
export const patientSearchQuery = (q: string) => ({
  ...patients.listQuery({ q, pageSize: 10, state: 'ACTIVE' }),
  enabled: q.trim().length >= 2,
  placeholderData: undefined,
  staleTime: 30_000,
});

/** Suspends, resumes or ends a patient's coverage; the patient, its view, the lists and pickers refresh. */
export const patientWorkflow: WorkflowEndpoint<Patient, Omit<PatientEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/patients/{id}/events', { params: { path: { id } }, body })),
  refresh: (client, id, patient) => {
    if (patient) client.setQueryData(patients.keys.detail(id), patient);
    return client.invalidateQueries({ queryKey: patients.keys.all });
  },
};

/** One patient (the one just enrolled from a verification's flow, to choose it on return). */
export const patientQuery = (id: number) => patients.oneQuery(id);
