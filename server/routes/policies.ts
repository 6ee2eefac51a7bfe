import type { Deps, HandlersOf } from '../http/types.ts';
import { policyService as service, policyWorkflow } from '../workflow/policy/service.ts';
import { requestActor, versionedEvent } from './workflow-actor.ts';

type Operation = 'listPolicies' | 'createPolicy' | 'getPolicy' | 'updatePolicy' | 'sendPolicyEvent' | 'getPolicyHistory';

export function policyHandlers({ db, today }: Deps): HandlersOf<Operation> {
  const etag = (version: number) => ({ ETag: `"${version}"` });
  return {
    async listPolicies(request) {
      const { items, total, totalIsLowerBound } = await service.list(db, request.query, requestActor(request), today());
      return { status: 200, body: { items, total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize } };
    },

    async createPolicy(request) {
      const user = requestActor(request);
      const created = await db.transaction((tx) => service.create(tx, request.body, user));
      const body = await service.present(db, created, user, today());
      return { status: 201, body, headers: { ...etag(body.version), Location: `/api/policies/${created.id}` } };
    },

    async getPolicy(request) {
      const body = await service.get(db, request.params.id, requestActor(request), today());
      return { status: 200, body, headers: etag(body.version) };
    },

    async updatePolicy(request) {
      const user = requestActor(request);
      const updated = await db.transaction((tx) => service.update(tx, request.params.id, request.body, user));
      const body = await service.present(db, updated, user, today());
      return { status: 200, body, headers: etag(body.version) };
    },

    async sendPolicyEvent(request) {
      const user = requestActor(request);
      const { event, version } = versionedEvent<typeof policyWorkflow.machine>(request);
      const updated = await db.transaction((tx) => service.send(tx, request.params.id, event, { actor: user, today: today(), version }));
      const body = await service.present(db, updated, user, today());
      return { status: 200, body, headers: etag(body.version) };
    },

    async getPolicyHistory(request) {
      return { status: 200, body: { items: await service.history(db, request.params.id) } };
    },
  };
}
