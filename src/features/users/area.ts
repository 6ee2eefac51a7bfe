import { Users } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./UsersListScreen.tsx'));
const Form = lazyScreen(() => import('./UserFormScreen.tsx'));

export const usersArea = defineArea({
  key: 'users',
  routes: [
    { key: 'create', path: '/usuarios/nuevo', titleId: 'area.users.new', screen: Form, permission: 'users:create' },
    { key: 'edit', path: '/usuarios/editar/:id', titleId: 'area.users.edit', screen: Form, permission: 'users:update' },
    { key: 'list', path: '/usuarios', titleId: 'area.users.list', screen: List, permission: 'users:read' },
  ],
  menu: [{ key: 'users', labelId: 'nav.users', icon: Users, path: '/usuarios', order: 120 }],
});
