import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../client.ts';
import type { WorkflowEndpoint } from '../workflow-endpoint.ts';
import { defineResource } from './define-resource.ts';
import { PREFETCHED_FRESH_MS } from './prefetched.ts';
import { allInsurersQuery } from './insurers.ts';
import { allRolesQuery } from './roles.ts';
import { userChoicesQuery } from './users.ts';

export type Announcement = Schemas['Announcement'];
export type AnnouncementEventType = Schemas['AnnouncementEvent']['type'];
type AnnouncementQuery = NonNullable<paths['/api/announcements']['get']['parameters']['query']>;

export const announcements = defineResource<Announcement, Schemas['AnnouncementInput'], AnnouncementQuery>('announcements', {
  list: (query) => call(api.GET('/api/announcements', { params: { query } })),
  get: (id) => call(api.GET('/api/announcements/{id}', { params: { path: { id } } })),
  create: (body) => call(api.POST('/api/announcements', { body })),
  update: (id, body) => call(api.PUT('/api/announcements/{id}', { params: { path: { id } }, body })),
});

/** What the signed-in user still has to acknowledge (blocking ones first); every user may ask. */
export const pendingQuery = () =>
  queryOptions({
    queryKey: [...announcements.keys.all, 'pending'],
    queryFn: () => call(api.GET('/api/me/announcements')).then((answer) => answer.items),
    // A blocking announcement published meanwhile reaches a user already signed in within a minute.
    refetchInterval: 60_000,
    // Asked for at sign-in and page load; the gate, the badge and the pending screen share that answer.
    staleTime: PREFETCHED_FRESH_MS,
  });

export const reportQuery = (id: number) =>
  queryOptions({ queryKey: [...announcements.keys.detail(id), 'report'], queryFn: () => call(api.GET('/api/announcements/{id}/report', { params: { path: { id } } })) });

const refresh = (client: QueryClient, saved?: Announcement) => {
  if (saved) client.setQueryData(announcements.keys.detail(saved.id), saved);
  return client.invalidateQueries({ queryKey: announcements.keys.all });
};

export function useAcknowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcement: Announcement) =>
      call(api.POST('/api/announcements/{id}/acknowledgement', { params: { path: { id: announcement.id } }, body: { bodyVersion: announcement.bodyVersion } })),
    onSuccess: (saved) => refresh(client, saved),
  });
}

/** Publishes (or schedules), retracts or archives, with the version the screen shows. */
export const announcementWorkflow: WorkflowEndpoint<Announcement, { type: AnnouncementEventType }> = {
  send: (id, body) => call(api.POST('/api/announcements/{id}/events', { params: { path: { id } }, body })),
  refresh: (client, _id, saved) => refresh(client, saved),
};

/**
 * Roles, users and insurers to address, from their own resources' caches (a user or insurer saved elsewhere shows
 * here as saved); `enabled` while an audience other than everyone is chosen.
 */
export function useAudienceChoices(enabled: boolean) {
  const roleList = useQuery({ ...allRolesQuery(), enabled });
  const userList = useQuery({ ...userChoicesQuery(), enabled });
  const insurerList = useQuery({ ...allInsurersQuery(), enabled });
  if (!roleList.data || !userList.data || !insurerList.data) return undefined;
  return {
    roles: roleList.data.items.map((role) => role.code),
    users: userList.data,
    insurers: insurerList.data.items.map((insurer) => ({ value: String(insurer.id), label: insurer.name })),
  };
}
