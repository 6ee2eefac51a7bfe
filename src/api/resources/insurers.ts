import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import { defineResource } from './define-resource.ts';

export type Insurer = Schemas['Insurer'];
type InsurerQuery = NonNullable<paths['/api/insurers']['get']['parameters']['query']>;

export const insurers = defineResource<Insurer, Schemas['InsurerInput'], InsurerQuery>('insurers', {
  list: (query) => call(api.GET('/api/insurers', { params: { query } })),
  get: (id) => call(api.GET('/api/insurers/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/insurers', { body })),
  update: (id, body) => call(api.PUT('/api/insurers/{id}', { params: { path: { id } }, body })),
  remove: (id) => call(api.DELETE('/api/insurers/{id}', { params: { path: { id } } })),
});

/** All insurers by name, one page (an administrator keeps a few dozen): the list every picker and filter reads. */
export const allInsurersQuery = () => ({ ...insurers.listQuery({ pageSize: 100, sort: 'name' }), staleTime: 5 * 60_000 });

/** The insurers as the choices of a filter or picker. */
export const insurerChoicesQuery = () => ({
  ...allInsurersQuery(),
  select: (page: { items: Insurer[] }) => page.items.map((insurer) => ({ id: insurer.id, value: String(insurer.id), label: insurer.name, active: insurer.active })),
});

/** One insurer, as a claim shows its currency and deadlines; kept a while, refreshed by any write to insurers. */
export const insurerQuery = (id: number) => ({ ...insurers.oneQuery(id), staleTime: 5 * 60_000 });
