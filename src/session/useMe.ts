import { useMeFor } from '../api/resources/me.ts';
import { Session } from './session.tsx';

/** The signed-in session's token (null when signed out). */
export const useSessionToken = () => Session.useSelector((s) => s.context.token);

/** The signed-in user and a permission test (`can`), for the session's own token. */
export const useMe = () => useMeFor(useSessionToken());
