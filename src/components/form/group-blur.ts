import type { FocusEvent } from 'react';

/** A blur handler for a group of boxes (a date, a time): `onBlur` only when focus leaves them all, not moving between them. */
export const blurLeavingGroup = (onBlur?: () => void) => (event: FocusEvent<HTMLElement>) => {
  if (onBlur && !event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
};
