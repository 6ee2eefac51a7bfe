import { ConflictDialog } from '../edit/ConflictDialog.tsx';

/** A workflow event sent with a replaced version: the conflict dialog without overwriting (the record is shown as it is now). */
export function StaleVersionDialog({ open, close }: { open: boolean; close: () => void }) {
  return <ConflictDialog open={open} onReload={close} onClose={close} />;
}
