import { api, ApiError, call } from '../../../api/client.ts';
import type { FlowDraft } from '../../../machines/reimbursement-flow.machine.ts';

/** What the creation flow keeps per user and verification: what was typed and the key its create is sent with. */
export interface StoredFlow {
  draft: FlowDraft;
  idempotencyKey: string;
}

const FLOW = 'reimbursement-new';

export async function loadStoredFlow(verificationId: number): Promise<StoredFlow | null> {
  try {
    const saved = await call(api.GET('/api/drafts/{flow}/{key}', { params: { path: { flow: FLOW, key: String(verificationId) } } }));
    const snapshot = saved.snapshot as Partial<StoredFlow>;
    return snapshot.draft && typeof snapshot.idempotencyKey === 'string' ? (snapshot as StoredFlow) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const storeFlow = (verificationId: number, stored: StoredFlow) =>
  call(api.PUT('/api/drafts/{flow}/{key}', { params: { path: { flow: FLOW, key: String(verificationId) } }, body: { snapshot: stored as unknown as Record<string, never> } }));

export const discardFlow = (verificationId: number) => call(api.DELETE('/api/drafts/{flow}/{key}', { params: { path: { flow: FLOW, key: String(verificationId) } } }));
