import type { Deps, HandlersOf } from '../http/types.ts';
import { verificationService as service, verificationWorkflow } from '../workflow/verification/service.ts';
import { auditPartRead, requestActor, versionedEvent } from './workflow-actor.ts';

type Operation = 'countVerifications' | 'listVerifications' | 'getVerification' | 'createVerification' | 'updateVerification' | 'sendVerificationEvent' | 'getVerificationHistory';

export function verificationHandlers({ db, today }: Deps): HandlersOf<Operation> {
  return {
    async listVerifications(request) {
      const { items, total, totalIsLowerBound } = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { items, total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async countVerifications(request) {
      return { status: 200, body: await service.counts(db, request.query, requestActor(request), today()) };
    },

    async getVerification(request) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async createVerification(request) {
      const user = requestActor(request);
      const created = await db.transaction((tx) => service.create(tx, request.body, user, today()));
      return { status: 201, body: await service.present(db, created, user, today()), headers: { Location: `/api/verifications/${created.id}` } };
    },

    async updateVerification(request) {
      const user = requestActor(request);
      const updated = await db.transaction((tx) => service.update(tx, request.params.id, request.body, user));
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async sendVerificationEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof verificationWorkflow.machine>(request);
      const updated = await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version }));
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async getVerificationHistory(request) {
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, 'verification', request, request.params.id, 'history');
      return { status: 200, body: { items } };
    },
  };
}
