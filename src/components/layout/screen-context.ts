import { createContext, useContext } from 'react';
import type { Permission } from '../../../openapi/permissions.ts';

export interface Crumb {
  labelId: string;
  href: string;
}

/**
 * What the app tells a screen about where it is and who is looking, from the area registry, so
 * screens and shared shells name no paths or permissions and import no app code.
 */
export interface ScreenInfo {
  /** The screens above this one, from the dashboard down (the current title is the page's own); hrefs are inside `/app`. */
  crumbs: Crumb[];
  /** The href (inside `/app`) of a screen of the area (`list`, `create`, `edit`…) with its parameters filled in, or null when the user may not open it. */
  link: (screen: string, params?: Record<string, string | number>) => string | null;
  /** Whether the user may perform one of the area's actions (`delete`…). */
  may: (action: string) => boolean;
  can: (permission?: Permission) => boolean;
  userId: number | null;
}

export const ScreenContext = createContext<ScreenInfo>({ crumbs: [], link: () => null, may: () => false, can: () => false, userId: null });
export const useScreen = () => useContext(ScreenContext);
