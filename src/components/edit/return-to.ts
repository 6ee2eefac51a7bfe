import { useSearchParams } from 'wouter';

/** The query parameter naming the screen a create form leads back to (inside `/app`). */
const RETURN = 'volver';
/** The parameter the create form adds on its way back: the id of the record it created. */
export const CREATED = 'creado';

/** Only a path of this app: an address elsewhere (`//host`, `https:`) in a crafted link is ignored. */
const inApp = (path: string | null) => (path && path.startsWith('/') && !path.startsWith('//') ? path : null);

/** A link to a create form that, once saved or cancelled, comes back to `to` (with the created record's id). */
export const createThenReturn = (form: string, to: string) => `${form}?${new URLSearchParams({ [RETURN]: to })}`;

/** Where this create form was opened from, when another screen opened it to come back: `back(id)` leads there. */
export function useReturnTo() {
  const [search] = useSearchParams();
  const to = inApp(search.get(RETURN));
  if (!to) return null;
  return { to, back: (createdId?: number) => (createdId === undefined ? to : `${to}${to.includes('?') ? '&' : '?'}${new URLSearchParams({ [CREATED]: String(createdId) })}`) };
}
