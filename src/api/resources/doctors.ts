import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import { defineResource } from './define-resource.ts';

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

/** Activates, deactivates or suspends; the cache keeps the doctor as answered and every doctor query (state filter, badges, pickers) refreshes. */
export function useDoctorState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DoctorStateChange }) => call(api.POST('/api/doctors/{id}/state', { params: { path: { id } }, body })),
    onSuccess: (doctor) => {
      client.setQueryData(doctors.keys.detail(doctor.id), doctor);
      return client.invalidateQueries({ queryKey: doctors.keys.all });
    },
  });
}

/** One doctor, as a claim form shows the one its invoice names; kept a while, and refreshed by any write to doctors. */
export const doctorQuery = (id: number) => ({ ...doctors.oneQuery(id), staleTime: 5 * 60_000 });

/** Doctors whose name or licence matches `q`, as a claim's doctor picker offers them (`active`: only those a new claim may name). */
export const doctorSearchQuery = (q: string, { active = false } = {}) => ({
  ...doctors.listQuery({ q: q || undefined, pageSize: 20, ...(active ? { state: 'ACTIVE' as const } : {}) }),
  select: (page: { items: Doctor[] }) => page.items,
  staleTime: 60_000,
});

/** Active orthodontists, the only doctors a plan accepts. */
export const orthodontistsQuery = () => ({ ...doctors.listQuery({ specialty: 'ORTHODONTICS', state: 'ACTIVE', pageSize: 100, sort: 'lastNames' }), staleTime: 60_000 });

/** The same search as `{ id, name }` choices (a filter's, a new verification's doctor). */
export const doctorNamesQuery = (q: string) => ({
  ...doctorSearchQuery(q),
  select: (page: { items: Doctor[] }) => page.items.map((doctor) => ({ id: doctor.id, name: [doctor.firstNames, doctor.lastNames].filter(Boolean).join(' ') })),
});
