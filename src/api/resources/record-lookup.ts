import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, call } from '../client.ts';
import type { QueryKeys } from './keys.ts';
import { plans } from './orthodontic-plans.ts';
import { paymentRunKeys } from './payment-runs.ts';
import { reimbursements } from './reimbursements.ts';
import { verifications } from './verifications.ts';
import type { HistoryEntity } from './workflow-history.ts';

/** The record a history path is drawn for: its id, the folio staff know it by, and the state it is in now. */
export interface FoundRecord {
  id: number;
  folio: string;
  state: string;
}

/** An id typed as digits: `22`, ` 22 `. */
const asId = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** null when the record does not exist (404), else the record. */
async function orNull<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const getVerification = (id: number) => call(api.GET('/api/verifications/{id}', { params: { path: { id } } }));

/** The verification whose folio is exactly `folio` (the list's search matches folios by their start). */
async function verificationByFolio(folio: string) {
  const page = await call(api.GET('/api/verifications', { params: { query: { q: folio, pageSize: 20 } } }));
  return page.items.find((v) => v.folio.toUpperCase() === folio) ?? null;
}

const lookups: Record<HistoryEntity, (text: string) => Promise<FoundRecord | null>> = {
  verification: async (text) => {
    const id = asId(text);
    const found = id !== null ? await orNull(getVerification(id)) : await verificationByFolio(text);
    return found && { id: found.id, folio: found.folio, state: found.state };
  },
  reimbursement: async (text) => {
    const id = asId(text);
    if (id !== null) {
      const found = await orNull(call(api.GET('/api/reimbursements/{id}', { params: { path: { id } } })));
      return found && { id: found.id, folio: found.folio, state: found.state };
    }
    const page = await call(api.GET('/api/reimbursements', { params: { query: { q: text, pageSize: 20 } } }));
    const found = page.items.find((r) => r.folio.toUpperCase() === text);
    return found ? { id: found.id, folio: found.folio, state: found.state } : null;
  },
  // A payment run by its folio (PAG-…) or id: the runs are few, so the newest pages are searched.
  'payment-run': async (text) => {
    const id = asId(text);
    if (id !== null) {
      const found = await orNull(call(api.GET('/api/payment-runs/{id}', { params: { path: { id } } })));
      return found && { id: found.id, folio: found.folio, state: found.state };
    }
    const page = await call(api.GET('/api/payment-runs', { params: { query: { page: 1, pageSize: 100 } } }));
    const found = page.items.find((r) => r.folio.toUpperCase() === text);
    return found ? { id: found.id, folio: found.folio, state: found.state } : null;
  },
  // A plan has no folio of its own: staff know it by its pre-authorisation's (VER-…).
  'orthodontic-plan': async (text) => {
    const id = asId(text);
    if (id !== null) {
      const found = await orNull(call(api.GET('/api/orthodontic-plans/{id}', { params: { path: { id } } })));
      return found && { id: found.id, folio: found.preauthorizationFolio, state: found.state };
    }
    const preauthorization = await verificationByFolio(text);
    if (!preauthorization) return null;
    const page = await call(api.GET('/api/orthodontic-plans', { params: { query: { patientId: preauthorization.patientId, pageSize: 100 } } }));
    const found = page.items.find((p) => p.preauthorizationId === preauthorization.id);
    return found ? { id: found.id, folio: found.preauthorizationFolio, state: found.state } : null;
  },
};

/**
 * The record of a machine typed as a folio (`VER-2026-000022`, `REE-…`; a plan by its pre-authorisation's
 * folio) or as its internal id; null when nothing matches.
 */
export function findRecord(entity: HistoryEntity, typed: string): Promise<FoundRecord | null> {
  const text = typed.trim().toUpperCase();
  return text ? lookups[entity](text) : Promise.resolve(null);
}

const KEYS: Record<HistoryEntity, QueryKeys> = { verification: verifications.keys, reimbursement: reimbursements.keys, 'orthodontic-plan': plans.keys, 'payment-run': paymentRunKeys };

/** Diagramas' record lookup, under the looked-up resource's prefix (an event on a record refreshes its lookup). */
export const recordLookupQuery = (entity: HistoryEntity | undefined, typed: string | null) =>
  queryOptions({
    queryKey: [...KEYS[entity ?? 'verification'].all, 'lookup', typed],
    queryFn: () => findRecord(entity!, typed!),
    enabled: Boolean(entity && typed),
    staleTime: 30_000,
  });
