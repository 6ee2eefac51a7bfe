import { ContactRound } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./PolicyholdersListScreen.tsx'));
const Form = lazyScreen(() => import('./PolicyholderFormScreen.tsx'));

export const policyholdersArea = defineArea({
  key: 'policyholders',
  routes: [
    { key: 'create', path: '/titulares/nuevo', titleId: 'area.policyholders.new', screen: Form, permission: 'policyholders:create' },
    // Readers open the holder too (treasury reveals the account there); only `policyholders:update` may save it.
    { key: 'edit', path: '/titulares/editar/:id', titleId: 'area.policyholders.edit', screen: Form, permission: 'policyholders:read' },
    { key: 'list', path: '/titulares', titleId: 'area.policyholders.list', screen: List, permission: 'policyholders:read' },
  ],
  menu: [{ key: 'policyholders', labelId: 'nav.policyholders', icon: ContactRound, path: '/titulares', order: 50 }],
  actions: { delete: 'policyholders:delete', update: 'policyholders:update', revealBank: 'policyholders:reveal_bank', createPolicy: 'policies:create', changePolicy: 'policies:update' },
});
