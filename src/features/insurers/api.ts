import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';

export type Insurer = Schemas['Insurer'];
type InsurerQuery = NonNullable<paths['/api/insurers']['get']['parameters']['query']>;

export const insurers = defineResource<Insurer, Schemas['InsurerInput'], InsurerQuery>('insurers', {
  list: (query) => call(api.GET('/api/insurers', { params: { query } })),
  get: (id) => call(api.GET('/api/insurers/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/insurers', { body })),
  update: (id, body) => call(api.PUT('/api/insurers/{id}', { params: { path: { id } }, body })),
  remove: (id) => call(api.DELETE('/api/insurers/{id}', { params: { path: { id } } })),
});
