import { FilePlus2, FileSearch, ShieldCheck } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const verificationsArea = defineArea({
  key: 'verifications',
  routes: [
    { key: 'new', path: '/verificaciones/nuevas', titleId: 'area.verifications.new', screen: NotYet, permission: 'verifications:read' },
    { key: 'list', path: '/verificaciones/existentes', titleId: 'area.verifications.existing', screen: NotYet, permission: 'verifications:read' },
    { key: 'create', path: '/verificaciones/nueva', titleId: 'area.verifications.form', screen: NotYet, permission: 'verifications:create' },
    { key: 'edit', path: '/verificaciones/editar/:id', titleId: 'area.verifications.edit', screen: NotYet, permission: 'verifications:update' },
  ],
  menu: [
    {
      key: 'verifications',
      labelId: 'nav.verifications',
      icon: ShieldCheck,
      order: 70,
      children: [
        { key: 'verifications-new', labelId: 'nav.verificationsNew', icon: FilePlus2, path: '/verificaciones/nuevas' },
        { key: 'verifications-existing', labelId: 'nav.verificationsExisting', icon: FileSearch, path: '/verificaciones/existentes' },
      ],
    },
  ],
});
