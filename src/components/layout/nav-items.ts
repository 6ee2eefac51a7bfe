import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Permission } from '../../../openapi/permissions.ts';

/** A menu entry as the layout draws it (the app derives them from the area registry). */
export interface NavItem {
  key: string;
  labelId: string;
  icon: LucideIcon;
  /** Inside `/app`. */
  href?: string;
  permission?: Permission;
  /** What waits behind the entry, drawn after its name. */
  count?: ComponentType;
  children?: NavItem[];
}

/** The entries the user may see; a group without visible children disappears. */
export function visibleItems(items: NavItem[], can: (permission?: Permission) => boolean): NavItem[] {
  return items
    .filter((item) => can(item.permission))
    .map((item) => (item.children ? { ...item, children: visibleItems(item.children, can) } : item))
    .filter((item) => !item.children || item.children.length > 0);
}

/** Whether an entry (or one of its children) is the current screen (`location` inside `/app`, or the full path). */
export const isActive = (item: NavItem, location: string): boolean => {
  const path = location.replace(/^\/app(?=\/|$)/, '') || '/';
  return Boolean(item.href && (path === item.href || path.startsWith(`${item.href}/`))) || Boolean(item.children?.some((child) => isActive(child, location)));
};
