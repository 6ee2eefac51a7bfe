import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { Permission } from '../../../openapi/permissions.ts';
import type es from '../../i18n/messages/es.json';

/** A message id of the catalogs (Spanish is the source): a typo is a compile error. */
export type MessageId = keyof typeof es;

export interface ScreenProps {
  titleId: MessageId;
}

/** One screen of an area under `/app`. */
export interface AreaRoute {
  /** The screen's name within its area (`list`, `create`, `edit`…): links and breadcrumbs use it. */
  key?: string;
  /** The specification's path, inside `/app`. */
  path: string;
  /** The document title (with the path's parameters as values). */
  titleId: MessageId;
  screen: ComponentType<ScreenProps>;
  /** Who may open it; none: every signed-in user. */
  permission?: Permission;
  /** Asks for the data the screen shows first, when it is where a sign-in lands (in parallel with its code). */
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

export interface MenuLink {
  key: string;
  labelId: MessageId;
  icon: LucideIcon;
  /** A path of some area's route: the entry shows only to users allowed on that route. */
  path: string;
  /** A small count drawn after its name (what waits there), which reads its own data. */
  count?: ComponentType;
}

export interface MenuGroup {
  key: string;
  labelId: MessageId;
  icon: LucideIcon;
  children: MenuLink[];
}

export type MenuDecl = (MenuLink | MenuGroup) & { order: number };

/** A public screen (blank layout), shown only when signed out. */
export interface PublicRoute {
  path: string;
  titleId: MessageId;
  screen: ComponentType;
}

/** Everything the app knows about an area, declared once in `src/features/<area>/area.ts`. */
export interface Area {
  key: string;
  routes: AreaRoute[];
  /** Its side/top menu entries (an area may have none, or two). */
  menu?: MenuDecl[];
  /** The permission of each action its screens offer besides opening a screen (`delete`…). */
  actions?: Record<string, Permission>;
  publicRoutes?: PublicRoute[];
  /** Small parts the area shows in the signed-in header (the messages badge), to users with `permission`. */
  headerItems?: HeaderItem[];
}

export interface HeaderItem {
  key: string;
  component: ComponentType;
  permission?: Permission;
}

export const defineArea = (area: Area): Area => area;
