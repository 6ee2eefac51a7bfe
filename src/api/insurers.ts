import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from './client.ts';

export type Insurer = Schemas['Insurer'];
export type InsurerInput = Schemas['InsurerInput'];
export interface InsurerListParams {
  page: number;
  pageSize: number;
  sort: string;
  q?: string;
}

export const fetchInsurers = (query: InsurerListParams) => call(api.GET('/api/insurers', { params: { query } }));
export const fetchInsurer = (id: number) => call(api.GET('/api/insurers/{id}', { params: { path: { id } } }));

export const insurerKeys = {
  all: ['insurers'] as const,
  list: (params: InsurerListParams) => ['insurers', 'list', params] as const,
  detail: (id: number) => ['insurers', 'detail', id] as const,
};

export const insurersQuery = (params: InsurerListParams) =>
  queryOptions({ queryKey: insurerKeys.list(params), queryFn: () => fetchInsurers(params), placeholderData: keepPreviousData });
export const insurerQuery = (id: number) => queryOptions({ queryKey: insurerKeys.detail(id), queryFn: () => fetchInsurer(id) });

export const useInsurers = (params: InsurerListParams) => useQuery(insurersQuery(params));
export const useInsurer = (id: number) => useQuery(insurerQuery(id));

export function useSaveInsurer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id?: number; input: InsurerInput; version?: number }) =>
      id
        ? call(api.PUT('/api/insurers/{id}', { params: { path: { id } }, body: { ...input, version: version! } }))
        : call(api.POST('/api/insurers', { body: input })),
    onSuccess: (saved) => {
      client.setQueryData(insurerKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: ['insurers', 'list'] });
    },
  });
}

export function useDeleteInsurer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/insurers/{id}', { params: { path: { id } } })),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: insurerKeys.detail(id) });
      return client.invalidateQueries({ queryKey: ['insurers', 'list'] });
    },
  });
}
