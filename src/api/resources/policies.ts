import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { defineResource } from './define-resource.ts';
import { patients } from './patients.ts';
import { policyholders } from './policyholders.ts';

export type Policy = Schemas['Policy'];
export type PolicyInput = Schemas['PolicyInput'];
export type PolicyEvent = Schemas['PolicyEvent'];
export type BenefitRule = Schemas['BenefitRuleInput'];
export type PolicySummary = Schemas['PolicySummary'];
type PolicyQuery = NonNullable<paths['/api/policies']['get']['parameters']['query']>;

/** Policies are written from their holder's panel (useSavePolicy): an update carries no holder, so the resource only reads. */
export const policies = defineResource<Policy, never, PolicyQuery>('policies', {
  list: (query) => call(api.GET('/api/policies', { params: { query } })),
  get: (id) => call(api.GET('/api/policies/{id}', { params: { path: { id } } })),
});

/** The holder's policies, all of them (a holder has a handful). */
export const holderPoliciesQuery = (holderId: number) => ({
  ...policies.listQuery({ policyholderId: holderId, pageSize: 100, sort: '-startsOn' }),
  select: (page: { items: Policy[] }) => page.items,
});

/** A policy summary (`/api/policy-summaries`): policies seen from enrolment, under the policies' prefix so a policy write refreshes them. */
export const policySummaryQuery = (id: number) =>
  queryOptions({ queryKey: [...policies.keys.all, 'summary', id], queryFn: () => call(api.GET('/api/policy-summaries/{id}', { params: { path: { id } } })) });

/** Open policies whose number or holder matches `q`, as enrolment's policy picker offers them. */
export const policySearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...policies.keys.all, 'summaries', q],
    queryFn: () => call(api.GET('/api/policy-summaries', { params: { query: { q: q || undefined, open: true, limit: 20 } } })),
    staleTime: 30_000,
  });

/** After any change to a policy: every policy query, the holders (their policy count) and the patients (their coverage) refresh. */
const refreshPolicies = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: policies.keys.all }),
    client.invalidateQueries({ queryKey: policyholders.keys.all }),
    client.invalidateQueries({ queryKey: patients.keys.all }),
  ]);

function useRefreshPolicies() {
  const client = useQueryClient();
  return () => refreshPolicies(client);
}

/** Creates (no id) or updates (id, with the version last read) a policy of the holder with its benefit rules. */
export function useSavePolicy(holderId: number) {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: Omit<PolicyInput, 'policyholderId'>; version?: number }) =>
      id
        ? call(api.PUT('/api/policies/{id}', { params: { path: { id } }, body: { ...body, version: version! } }))
        : call(api.POST('/api/policies', { body: { ...body, policyholderId: holderId } })),
    onSuccess: refresh,
  });
}

/** Lifecycle events (activate, suspend, resume, cancel, renew) on a policy: policies, holders and patients refresh. */
export const policyWorkflow: WorkflowEndpoint<Policy, Omit<PolicyEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/policies/{id}/events', { params: { path: { id } }, body: body as PolicyEvent })),
  refresh: refreshPolicies,
  waitsForReread: true,
};

/** One policy (a plan's fee is entered in its currency). */
export const policyQuery = (id: number) => policies.oneQuery(id);
