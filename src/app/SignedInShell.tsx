import type { ReactNode } from 'react';
import { useMe } from '../api/me.ts';
import { AppLayout } from '../components/layout/AppLayout.tsx';
import { Session } from './session.tsx';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';

/** The signed-in layout with the menu the user's permissions allow, and the re-sign-in dialog. */
export default function SignedInShell({ children }: { children: ReactNode }) {
  const token = Session.useSelector((s) => s.context.token);
  const { can } = useMe(token);
  return (
    <AppLayout can={can}>
      {children}
      <SessionExpiredDialog />
    </AppLayout>
  );
}
