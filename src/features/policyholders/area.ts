import { ContactRound } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const policyholdersArea = defineArea({
  key: 'policyholders',
  routes: [
    { key: 'create', path: '/titulares/nuevo', titleId: 'area.policyholders.new', screen: NotYet, permission: 'policyholders:create' },
    { key: 'edit', path: '/titulares/editar/:id', titleId: 'area.policyholders.edit', screen: NotYet, permission: 'policyholders:update' },
    { key: 'list', path: '/titulares', titleId: 'area.policyholders.list', screen: NotYet, permission: 'policyholders:read' },
  ],
  menu: [{ key: 'policyholders', labelId: 'nav.policyholders', icon: ContactRound, path: '/titulares', order: 50 }],
});
