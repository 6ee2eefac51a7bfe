import { queryOptions } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import { workflowHistoryQuery } from '../../api/workflow-history.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

export type Verification = Schemas['Verification'];
export type VerificationEventBody = Schemas['VerificationEvent'];
export type VerificationQuery = NonNullable<paths['/api/verifications']['get']['parameters']['query']>;
export type WorklistCounts = paths['/api/verifications/counts']['get']['responses']['200']['content']['application/json'];

export const verifications = defineResource<Verification, never, VerificationQuery>('verifications', {
  list: (query) => call(api.GET('/api/verifications', { params: { query } })),
  get: (id) => call(api.GET('/api/verifications/{id}', { params: { path: { id } } })),
});

export const countsQuery = (query: { assigned?: 'mine' | 'unassigned'; pastDue?: boolean }) =>
  queryOptions({ queryKey: [...verifications.keys.all, 'counts', query], queryFn: () => call(api.GET('/api/verifications/counts', { params: { query } })) });

export const sendVerificationEvent = (id: number, body: VerificationEventBody) => call(api.POST('/api/verifications/{id}/events', { params: { path: { id } }, body }));

/** Events on a verification: the record is shown as answered, its lists, counts and history are read again. */
export const verificationWorkflow: WorkflowEndpoint<Verification, Omit<VerificationEventBody, 'version'>> = {
  send: sendVerificationEvent,
  refresh: async (client, id, fresh) => {
    if (fresh) client.setQueryData(verifications.keys.detail(id), fresh);
    await Promise.all([
      client.invalidateQueries({ queryKey: verifications.keys.all }),
      client.invalidateQueries({ queryKey: workflowHistoryQuery('verification', id).queryKey }),
    ]);
  },
};

export const createVerification = (body: Schemas['VerificationInput']) => call(api.POST('/api/verifications', { body }));

/** The people a verification can be assigned to: active verifiers, by name. */
export const assigneeChoicesQuery = () =>
  queryOptions({
    queryKey: ['verifications', 'assignees'],
    queryFn: () => call(api.GET('/api/users', { params: { query: { role: 'verifier', status: 'active', pageSize: 100, sort: 'name' } } })),
    select: (page) => page.items.map((user) => ({ value: String(user.id), label: user.name })),
    staleTime: 5 * 60_000,
  });

export const doctorChoicesQuery = (q: string) =>
  queryOptions({
    queryKey: ['verifications', 'doctors', q],
    queryFn: () => call(api.GET('/api/doctors', { params: { query: { q: q || undefined, pageSize: 20 } } })),
    select: (page) => page.items.map((doctor) => ({ id: doctor.id, name: [doctor.firstNames, doctor.lastNames].filter(Boolean).join(' ') })),
    staleTime: 60_000,
  });

export const patientSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['verifications', 'patients', q],
    queryFn: () => call(api.GET('/api/patients', { params: { query: { q, pageSize: 10, state: 'ACTIVE' } } })),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export const patientOverviewQuery = (id: number) =>
  queryOptions({ queryKey: ['verifications', 'patient-overview', id], queryFn: () => call(api.GET('/api/patients/{id}/overview', { params: { path: { id } } })) });

export const fetchPatientOverview = (id: number) => call(api.GET('/api/patients/{id}/overview', { params: { path: { id } } }));

/** One patient (the one just enrolled from the flow, to choose it on return). */
export const patientQuery = (id: number) =>
  queryOptions({ queryKey: ['verifications', 'patient', id], queryFn: () => call(api.GET('/api/patients/{id}', { params: { path: { id } } })) });
