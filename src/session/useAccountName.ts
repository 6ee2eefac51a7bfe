import { useMe } from './useMe.ts';
import { Session } from './session.tsx';

/** The signed-in user's name as the server has it now (a name changed on the profile shows at once), else as signed in. */
export function useAccountName(): string {
  const stored = Session.useSelector((s) => s.context.user);
  return useMe().data?.user.name ?? stored?.name ?? '';
}
