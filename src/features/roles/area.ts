import { KeyRound } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const rolesArea = defineArea({
  key: 'roles',
  routes: [
    { key: 'edit', path: '/roles/editar/:id', titleId: 'area.roles.edit', screen: NotYet, permission: 'roles:update' },
    { key: 'list', path: '/roles', titleId: 'area.roles.list', screen: NotYet, permission: 'roles:read' },
  ],
  menu: [{ key: 'roles', labelId: 'nav.roles', icon: KeyRound, path: '/roles', order: 130 }],
});
