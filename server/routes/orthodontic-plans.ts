import type { Deps, HandlersOf } from '../http/types.ts';
import { planService as service, planWorkflow } from '../workflow/orthodontic/service.ts';
import { auditPartRead, requestActor, versionedEvent } from './workflow-actor.ts';

type Operation =
  | 'listOrthodonticPlans'
  | 'createOrthodonticPlan'
  | 'getOrthodonticPlan'
  | 'updateOrthodonticPlan'
  | 'sendOrthodonticPlanEvent'
  | 'getOrthodonticPlanHistory';

export function orthodonticPlanHandlers({ db, today }: Deps): HandlersOf<Operation> {
  return {
    async listOrthodonticPlans(request) {
      const { items, total, totalIsLowerBound } = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { items, total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createOrthodonticPlan(request) {
      const user = requestActor(request);
      const created = await db.transaction((tx) => service.create(tx, request.body, user));
      return { status: 201, body: await service.present(db, created, user, today()), headers: { Location: `/api/orthodontic-plans/${created.id}` } };
    },

    async updateOrthodonticPlan(request) {
      const user = requestActor(request);
      const updated = await db.transaction((tx) => service.update(tx, request.params.id, request.body, user));
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async getOrthodonticPlan(request) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body, headers: { ETag: `"${body.version}"` } };
    },

    async sendOrthodonticPlanEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof planWorkflow.machine>(request);
      const updated = await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version }));
      return { status: 200, body: await service.present(db, updated, user, today()) };
    },

    async getOrthodonticPlanHistory(request) {
      const items = await service.history(db, request.params.id);
      await auditPartRead(db, 'orthodontic_plan', request, request.params.id, 'history');
      return { status: 200, body: { items } };
    },
  };
}
