import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { deleteDraft, draftQuery, writeDraft } from '../../api/resources/drafts.ts';

const SAVE_DELAY_MS = 400;
const RETRY_MS = 5000;

/**
 * A guided flow's draft kept on the server for the signed-in user and one record (`key`: its id, or `new`),
 * so a reload or a session that expires mid-flow loses nothing. `draft` is what was saved before (null: none),
 * read once; `save` keeps the latest snapshot and writes it shortly after the last change, retrying while the
 * server cannot take it (e.g. until the user signs in again); `discard` forgets it once the flow is done.
 */
export function useFlowDraft<T extends object>(flow: string, key: string) {
  const loaded = useQuery(draftQuery<T>(flow, key));
  const unsaved = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = useState(false);

  // Writes the latest snapshot; while the server cannot take it (offline, the session expired) it tries again.
  const write = useCallback(async () => {
    for (;;) {
      const snapshot = unsaved.current;
      if (!snapshot) return;
      try {
        await writeDraft(flow, key, snapshot);
        if (unsaved.current === snapshot) {
          unsaved.current = null;
          setPending(false);
        }
        return;
      } catch (error) {
        // A draft the server refuses as such (too large, say) will not be taken by trying again.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }, [flow, key]);

  const save = useCallback(
    (snapshot: T) => {
      unsaved.current = snapshot;
      setPending(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void write(), SAVE_DELAY_MS);
    },
    [write],
  );

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    unsaved.current = null;
    setPending(false);
    await deleteDraft(flow, key).catch(() => undefined);
  }, [flow, key]);

  // Leaving the screen writes what is still waiting rather than dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      void write();
    },
    [write],
  );

  return { ready: !loaded.isPending, draft: loaded.data ?? null, save, discard, saving: pending };
}
