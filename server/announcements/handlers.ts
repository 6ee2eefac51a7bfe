import type { AnnouncementEvent, announcementMachine } from '@core/workflows/announcement.machine.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { requestActor, versionedEvent } from '../workflow/shared/workflow-actor.ts';
import { announcementService } from './service.ts';

type Operations =
  | 'listAnnouncements'
  | 'createAnnouncement'
  | 'getAnnouncement'
  | 'updateAnnouncement'
  | 'sendAnnouncementEvent'
  | 'getAnnouncementReport'
  | 'acknowledgeAnnouncement'
  | 'listPendingAnnouncements';

export function announcementHandlers({ db }: Deps): HandlersOf<Operations> {
  return {
    async listAnnouncements(request) {
      return { status: 200, body: await announcementService.list(db, request.query, requestActor(request)) };
    },
    async createAnnouncement(request) {
      const created = await announcementService.create(db, request.body, requestActor(request));
      return { status: 201, body: created, headers: { Location: `/api/announcements/${created.id}` } };
    },
    async getAnnouncement(request) {
      const item = await announcementService.get(db, request.params.id, requestActor(request));
      return { status: 200, body: item, headers: { ETag: `"${item.version}"` } };
    },
    async updateAnnouncement(request) {
      return { status: 200, body: await announcementService.update(db, request.params.id, request.body, requestActor(request)) };
    },
    async sendAnnouncementEvent(request) {
      const { event, version } = versionedEvent<typeof announcementMachine>(request);
      return { status: 200, body: await announcementService.send(db, request.params.id, event as AnnouncementEvent, version, requestActor(request)) };
    },
    async getAnnouncementReport(request) {
      return { status: 200, body: await announcementService.report(db, request.params.id, requestActor(request)) };
    },
    async acknowledgeAnnouncement(request) {
      return { status: 200, body: await announcementService.acknowledge(db, request.params.id, request.body.bodyVersion, requestActor(request)) };
    },
    async listPendingAnnouncements(request) {
      return { status: 200, body: { items: await announcementService.pending(db, requestActor(request)) } };
    },
  };
}
