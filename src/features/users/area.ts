import { Users } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const usersArea = defineArea({
  key: 'users',
  routes: [
    { key: 'create', path: '/usuarios/nuevo', titleId: 'area.users.new', screen: NotYet, permission: 'users:create' },
    { key: 'edit', path: '/usuarios/editar/:id', titleId: 'area.users.edit', screen: NotYet, permission: 'users:update' },
    { key: 'list', path: '/usuarios', titleId: 'area.users.list', screen: NotYet, permission: 'users:read' },
  ],
  menu: [{ key: 'users', labelId: 'nav.users', icon: Users, path: '/usuarios', order: 120 }],
});
