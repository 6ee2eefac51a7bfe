import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, call, type Schemas } from '../../api/client.ts';
import { defineResource } from '../../api/resource.ts';
import type { WorkflowEndpoint } from '../../components/workflow/useWorkflowRecord.ts';

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
    queryKey: ['announcements', 'pending'],
    queryFn: () => call(api.GET('/api/me/announcements')).then((answer) => answer.items),
    // A blocking announcement published meanwhile reaches a user already signed in within a minute.
    refetchInterval: 60_000,
  });

export const reportQuery = (id: number) =>
  queryOptions({ queryKey: ['announcements', 'report', id], queryFn: () => call(api.GET('/api/announcements/{id}/report', { params: { path: { id } } })) });

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

/** Roles, users and insurers to address, read here rather than from their areas (areas do not reach into each other). */
export const audienceChoicesQuery = () =>
  queryOptions({
    queryKey: ['announcements', 'audience-choices'],
    queryFn: async () => {
      const [roles, users, insurers] = await Promise.all([
        call(api.GET('/api/roles')),
        call(api.GET('/api/users', { params: { query: { pageSize: 100, sort: 'name' } } })),
        call(api.GET('/api/insurers', { params: { query: { pageSize: 100, sort: 'name' } } })),
      ]);
      return {
        roles: roles.items.map((role) => role.code),
        users: users.items.map((user) => ({ value: String(user.id), label: user.name })),
        insurers: insurers.items.map((insurer) => ({ value: String(insurer.id), label: insurer.name })),
      };
    },
    staleTime: 5 * 60_000,
  });
