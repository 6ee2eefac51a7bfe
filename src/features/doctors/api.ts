import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';

export type Doctor = Schemas['Doctor'];
export type DoctorState = Schemas['DoctorState'];
export type DoctorStateChange = Schemas['DoctorStateChange'];
type DoctorQuery = NonNullable<paths['/api/doctors']['get']['parameters']['query']>;

export const doctors = defineResource<Doctor, Schemas['DoctorInput'], DoctorQuery>('doctors', {
  list: (query) => call(api.GET('/api/doctors', { params: { query } })),
  get: (id) => call(api.GET('/api/doctors/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/doctors', { body })),
  update: (id, body) => call(api.PUT('/api/doctors/{id}', { params: { path: { id } }, body })),
  remove: (id) => call(api.DELETE('/api/doctors/{id}', { params: { path: { id } } })),
});

/** Activates, deactivates or suspends; the cache keeps the doctor as answered and lists (state filter, badges) refresh. */
export function useDoctorState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DoctorStateChange }) => call(api.POST('/api/doctors/{id}/state', { params: { path: { id } }, body })),
    onSuccess: (doctor) => {
      client.setQueryData(doctors.keys.detail(doctor.id), doctor);
      return client.invalidateQueries({ queryKey: doctors.keys.lists });
    },
  });
}

/**
 * The insurers a doctor can have an agreement with, by name, for the agreement rows and the list's
 * filter. Read here rather than from the insurers area (areas do not reach into each other).
 */
