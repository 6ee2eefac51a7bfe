import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { doctors } from './doctors.ts';
import { allInsurersQuery } from './insurers.ts';
import { queryKeys } from './keys.ts';

export type IntegrationClient = Schemas['IntegrationClient'];
export type IntegrationClientDetail = Schemas['IntegrationClientDetail'];
export type IntegrationClientInput = Schemas['IntegrationClientInput'];
export type SmartScope = Schemas['SmartScope'];
export type ClientWithSecret = Schemas['IntegrationClientWithSecret'];

/** Every scope the endpoint grants, in the contract's order (the create form offers each). */
export const SCOPES: SmartScope[] = [
  'system/Patient.r',
  'system/Patient.s',
  'system/Coverage.r',
  'system/Coverage.s',
  'system/CoverageEligibilityRequest.c',
  'system/CoverageEligibilityResponse.r',
  'system/Claim.c',
  'system/Claim.r',
  'system/Claim.s',
  'system/ClaimResponse.r',
  'system/ClaimResponse.s',
  'system/ExplanationOfBenefit.r',
  'system/ExplanationOfBenefit.s',
  'system/PaymentReconciliation.r',
  'system/PaymentReconciliation.s',
];

export const clientKeys = queryKeys('integration-clients');

export const clientsQuery = () => queryOptions({ queryKey: clientKeys.lists, queryFn: () => call(api.GET('/api/integration-clients')) });
export const clientQuery = (id: number) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => call(api.GET('/api/integration-clients/{id}', { params: { path: { id } } })) });

/** The scopes as the create form's choices read them (the contract's own list, never stale). */
export const scopesQuery = () => queryOptions({ queryKey: [...clientKeys.all, 'scopes'], queryFn: async () => SCOPES, staleTime: Infinity });

/** The insurers and doctors a client can be bound to, as choices (the first hundred of each), read from their own resources. */
export const insurerChoicesQuery = allInsurersQuery;
export const doctorChoicesQuery = () => doctors.listQuery({ pageSize: 100, state: 'ACTIVE' });

/** Create, rotate or revoke: each refreshes the list and the client's detail. */
export function useClientAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'create'; input: IntegrationClientInput } | { kind: 'rotate' | 'revoke'; id: number }): Promise<ClientWithSecret | IntegrationClient> => {
      if (action.kind === 'create') return call(api.POST('/api/integration-clients', { body: action.input }));
      if (action.kind === 'rotate') return call(api.POST('/api/integration-clients/{id}/secret', { params: { path: { id: action.id } } }));
      return call(api.POST('/api/integration-clients/{id}/revoke', { params: { path: { id: action.id } } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
