import { useMutation } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import { defineResource } from './define-resource.ts';

export type Policyholder = Schemas['Policyholder'];
type PolicyholderQuery = NonNullable<paths['/api/policyholders']['get']['parameters']['query']>;

export const policyholders = defineResource<Policyholder, Schemas['PolicyholderInput'], PolicyholderQuery>('policyholders', {
  list: (query) => call(api.GET('/api/policyholders', { params: { query } })),
  get: (id) => call(api.GET('/api/policyholders/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/policyholders', { body })),
  update: (id, body) => call(api.PUT('/api/policyholders/{id}', { params: { path: { id } }, body })),
  remove: (id) => call(api.DELETE('/api/policyholders/{id}', { params: { path: { id } } })),
});

/** The bank details in full (the server writes an audit row for each reveal); never cached. */
export const useRevealBankDetails = () =>
  useMutation({ mutationFn: (id: number) => call(api.POST('/api/policyholders/{id}/bank-details', { params: { path: { id } } })) });
