import { KeyRound } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./RolesListScreen.tsx'));
const Edit = lazyScreen(() => import('./RoleEditScreen.tsx'));

export const rolesArea = defineArea({
  key: 'roles',
  routes: [
    { key: 'edit', path: '/roles/editar/:id', titleId: 'area.roles.edit', screen: Edit, permission: 'roles:update' },
    { key: 'list', path: '/roles', titleId: 'area.roles.list', screen: List, permission: 'roles:read' },
  ],
  menu: [{ key: 'roles', labelId: 'nav.roles', icon: KeyRound, path: '/roles', order: 130 }],
});
