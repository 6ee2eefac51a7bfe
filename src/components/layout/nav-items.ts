/** The side menu of the specification, in its order; an entry shows only with its permission. */
export interface NavItem {
  key: string;
  labelId: string;
  href?: string;
  permission?: string;
  children?: NavItem[];
}

export const NAV_ITEMS: NavItem[] = [
  { key: 'dashboard', labelId: 'nav.dashboard', href: '/app/panel/default' },
  { key: 'doctors', labelId: 'nav.doctors', href: '/app/doctores', permission: 'doctors:read' },
  { key: 'settings', labelId: 'nav.settings', href: '/app/perfil' },
  { key: 'search', labelId: 'nav.search', href: '/app/pacientes', permission: 'patients:read' },
  { key: 'policyholders', labelId: 'nav.policyholders', href: '/app/titulares', permission: 'policyholders:read' },
  { key: 'patients', labelId: 'nav.patients', href: '/app/pacientes', permission: 'patients:read' },
  {
    key: 'verifications',
    labelId: 'nav.verifications',
    permission: 'verifications:read',
    children: [
      { key: 'verifications-new', labelId: 'nav.verificationsNew', href: '/app/verificaciones/nuevas' },
      { key: 'verifications-existing', labelId: 'nav.verificationsExisting', href: '/app/verificaciones/existentes' },
    ],
  },
  {
    key: 'reimbursements',
    labelId: 'nav.reimbursements',
    permission: 'reimbursements:read',
    children: [
      { key: 'reimbursements-general', labelId: 'nav.reimbursementsGeneral', href: '/app/reembolsos/general' },
      { key: 'reimbursements-orthodontic', labelId: 'nav.reimbursementsOrthodontic', href: '/app/reembolsos/ortodoncia' },
      { key: 'reimbursements-new', labelId: 'nav.reimbursementsNew', href: '/app/reembolsos/nueva' },
    ],
  },
  { key: 'downloads', labelId: 'nav.downloads', href: '/app/descargas', permission: 'downloads:read' },
  { key: 'notes', labelId: 'nav.notes', href: '/app/notas', permission: 'notes:read' },
  { key: 'messages', labelId: 'nav.messages', href: '/app/mensajes', permission: 'messages:read' },
  { key: 'users', labelId: 'nav.users', href: '/app/usuarios', permission: 'users:read' },
  { key: 'roles', labelId: 'nav.roles', href: '/app/roles', permission: 'roles:read' },
  { key: 'insurers', labelId: 'nav.insurers', href: '/app/aseguradoras', permission: 'insurers:read' },
  { key: 'announcements', labelId: 'nav.announcements', href: '/app/comunicados', permission: 'announcements:read' },
  { key: 'diagrams', labelId: 'nav.diagrams', href: '/app/diagramas', permission: 'diagrams:read' },
];

/** The entries the user may see; a group without visible children disappears. */
export function visibleItems(items: NavItem[], can: (permission?: string) => boolean): NavItem[] {
  return items
    .filter((item) => can(item.permission))
    .map((item) => (item.children ? { ...item, children: visibleItems(item.children, can) } : item))
    .filter((item) => !item.children || item.children.length > 0);
}

/** Whether an entry (or one of its children) is the current screen. */
export const isActive = (item: NavItem, location: string): boolean =>
  Boolean(item.href && (location === item.href || location.startsWith(`${item.href}/`))) || Boolean(item.children?.some((child) => isActive(child, location)));
