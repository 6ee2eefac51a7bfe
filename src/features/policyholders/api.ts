import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

export type Policyholder = Schemas['Policyholder'];
export type Policy = Schemas['Policy'];
export type PolicyInput = Schemas['PolicyInput'];
export type PolicyEvent = Schemas['PolicyEvent'];
export type BenefitRule = Schemas['BenefitRuleInput'];
type PolicyholderQuery = NonNullable<paths['/api/policyholders']['get']['parameters']['query']>;

export const policyholders = defineResource<Policyholder, Schemas['PolicyholderInput'], PolicyholderQuery>('policyholders', {
  list: (query) => call(api.GET('/api/policyholders', { params: { query } })),
  get: (id) => call(api.GET('/api/policyholders/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/policyholders', { body })),
  update: (id, body) => call(api.PUT('/api/policyholders/{id}', { params: { path: { id } }, body })),
  remove: (id) => call(api.DELETE('/api/policyholders/{id}', { params: { path: { id } } })),
});

const policyKeys = {
  all: ['policies'] as const,
  ofHolder: (holderId: number) => ['policies', 'holder', holderId] as const,
};

/** The holder's policies, all of them (a holder has a handful). */
export const holderPoliciesQuery = (holderId: number) =>
  queryOptions({
    queryKey: policyKeys.ofHolder(holderId),
    queryFn: () => call(api.GET('/api/policies', { params: { query: { policyholderId: holderId, pageSize: 100, sort: '-startsOn' } } })),
    select: (page) => page.items,
  });

/** After any change to a policy: its holder's table and the holder's policy count refresh. */
function useRefreshHolder(holderId: number) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: policyKeys.ofHolder(holderId) }), client.invalidateQueries({ queryKey: policyholders.keys.all })]);
}

/** Creates (no id) or updates (id, with the version last read) a policy with its benefit rules. */
export function useSavePolicy(holderId: number) {
  const refresh = useRefreshHolder(holderId);
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: number; body: Omit<PolicyInput, 'policyholderId'>; version?: number }) =>
      id
        ? call(api.PUT('/api/policies/{id}', { params: { path: { id } }, body: { ...body, version: version! } }))
        : call(api.POST('/api/policies', { body: { ...body, policyholderId: holderId } })),
    onSuccess: refresh,
  });
}

/** Lifecycle events (activate, suspend, resume, cancel, renew) on a policy: every holder's table and count refresh. */
export const policyWorkflow: WorkflowEndpoint<Policy, Omit<PolicyEvent, 'version'>> = {
  send: (id, body) => call(api.POST('/api/policies/{id}/events', { params: { path: { id } }, body: body as PolicyEvent })),
  refresh: (client) => Promise.all([client.invalidateQueries({ queryKey: policyKeys.all }), client.invalidateQueries({ queryKey: policyholders.keys.all })]),
};

/** The bank details in full (the server writes an audit row for each reveal); never cached. */
export const useRevealBankDetails = () =>
  useMutation({ mutationFn: (id: number) => call(api.POST('/api/policyholders/{id}/bank-details', { params: { path: { id } } })) });

/** The insurers a policy can belong to, by name (read here: areas do not reach into each other). */
