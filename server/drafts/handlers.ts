import { deleteDraft, readDraft, writeDraft } from './drafts.ts';
import { actor, type Deps, type HandlersOf } from '../http/types.ts';

/** The signed-in user's own drafts of guided flows (a draft is not a record: no audit, no history). */
export function draftHandlers({ db }: Deps): HandlersOf<'getDraft' | 'saveDraft' | 'deleteDraft'> {
  const keyOf = (request: Parameters<typeof actor>[0] & { params: { flow: string; key: string } }) => ({ userId: actor(request).id, ...request.params });
  return {
    async getDraft(request) {
      const draft = await readDraft(db, keyOf(request));
      return draft ? { status: 200, body: draft } : { status: 204 };
    },

    async saveDraft(request) {
      return { status: 200, body: await writeDraft(db, keyOf(request), request.body.snapshot) };
    },

    async deleteDraft(request) {
      await deleteDraft(db, keyOf(request));
      return { status: 204 };
    },
  };
}
