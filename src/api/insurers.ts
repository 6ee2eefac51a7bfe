import { queryOptions } from '@tanstack/react-query';
import { api, call } from './client.ts';

/** The insurers by name, as the choices of a filter or picker (all of them: an administrator keeps a few dozen). */
export const insurerChoicesQuery = () =>
  queryOptions({
    queryKey: ['insurers', 'choices'],
    queryFn: () => call(api.GET('/api/insurers', { params: { query: { pageSize: 100, sort: 'name' } } })),
    select: (page) => page.items.map((insurer) => ({ id: insurer.id, value: String(insurer.id), label: insurer.name, active: insurer.active })),
    staleTime: 5 * 60_000,
  });
