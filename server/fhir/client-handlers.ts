import { audit } from '../http/define-resource.ts';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';
import { createClient, findClient, listClients, recentCalls, revokeClient, rotateSecret, updateClient } from './clients.ts';

/** The administrator's operations on integration clients (Usuarios → Integraciones). */
export function integrationClientHandlers(
  deps: Deps,
): HandlersOf<'listIntegrationClients' | 'createIntegrationClient' | 'getIntegrationClient' | 'updateIntegrationClient' | 'rotateIntegrationClientSecret' | 'revokeIntegrationClient'> {
  const { db } = deps;
  const etag = (version: number) => ({ ETag: `"${version}"` });
  return {
    async listIntegrationClients(request) {
      const items = await listClients(db);
      await audit(db, request, 'integrationClient', 'LIST', undefined, { ids: items.map((c) => c.id) });
      return { status: 200, body: { items } };
    },

    async createIntegrationClient(request) {
      const created = await db.transaction(async (tx) => {
        const made = await createClient(tx, request.body, actor(request).id);
        // The secret is never in the audit row: only who made which client with what rights.
        await audit(tx, request, 'integrationClient', 'CREATE', made.client.id, { clientId: made.client.clientId, scopes: made.client.scopes, doctorIds: made.client.doctorIds, insurerIds: made.client.insurerIds });
        return made;
      });
      return { status: 201, body: created, headers: { ...etag(created.client.version), Location: `/api/integration-clients/${created.client.id}`, 'Cache-Control': 'no-store' } };
    },

    async getIntegrationClient(request) {
      const client = await findClient(db, request.params.id);
      const calls = await recentCalls(db, client.id);
      await audit(db, request, 'integrationClient', 'VIEW', client.id);
      return { status: 200, body: { ...client, ...calls }, headers: etag(client.version) };
    },

    async updateIntegrationClient(request) {
      const client = await db.transaction(async (tx) => {
        const changed = await updateClient(tx, request.params.id, request.body);
        await audit(tx, request, 'integrationClient', 'UPDATE', changed.id, { scopes: changed.scopes, doctorIds: changed.doctorIds, insurerIds: changed.insurerIds, rateLimitPerMinute: changed.rateLimitPerMinute });
        return changed;
      });
      return { status: 200, body: client, headers: etag(client.version) };
    },

    async rotateIntegrationClientSecret(request) {
      const rotated = await db.transaction(async (tx) => {
        const made = await rotateSecret(tx, request.params.id);
        await audit(tx, request, 'integrationClient', 'UPDATE', made.client.id, { secretRotated: true });
        return made;
      });
      return { status: 200, body: rotated, headers: { ...etag(rotated.client.version), 'Cache-Control': 'no-store' } };
    },

    async revokeIntegrationClient(request) {
      const client = await db.transaction(async (tx) => {
        const revoked = await revokeClient(tx, request.params.id);
        await audit(tx, request, 'integrationClient', 'UPDATE', revoked.id, { revoked: true });
        return revoked;
      });
      return { status: 200, body: client, headers: etag(client.version) };
    },
  };
}
