import { Building2 } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./InsurersListScreen.tsx'));
const Form = lazyScreen(() => import('./InsurerFormScreen.tsx'));

export const insurersArea = defineArea({
  key: 'insurers',
  routes: [
    { key: 'create', path: '/aseguradoras/nueva', titleId: 'insurers.new', screen: Form, permission: 'insurers:create' },
    { key: 'edit', path: '/aseguradoras/editar/:id', titleId: 'insurers.title', screen: Form, permission: 'insurers:update' },
    { key: 'list', path: '/aseguradoras', titleId: 'insurers.title', screen: List, permission: 'insurers:read' },
  ],
  menu: [{ key: 'insurers', labelId: 'nav.insurers', icon: Building2, path: '/aseguradoras', order: 140 }],
  actions: { delete: 'insurers:delete' },
});
