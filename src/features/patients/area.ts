import { UserRound } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const patientsArea = defineArea({
  key: 'patients',
  routes: [
    { key: 'createForPolicy', path: '/pacientes/nuevo/:poliza_id', titleId: 'area.patients.newForPolicy', screen: NotYet, permission: 'patients:create' },
    { key: 'create', path: '/pacientes/nuevo', titleId: 'area.patients.new', screen: NotYet, permission: 'patients:create' },
    { key: 'edit', path: '/pacientes/editar/:id', titleId: 'area.patients.edit', screen: NotYet, permission: 'patients:update' },
    { key: 'view', path: '/pacientes/ver/:id', titleId: 'area.patients.view', screen: NotYet, permission: 'patients:read' },
    { key: 'byPolicy', path: '/pacientes/:id', titleId: 'area.patients.byPolicy', screen: NotYet, permission: 'patients:read' },
    { key: 'list', path: '/pacientes', titleId: 'area.patients.list', screen: NotYet, permission: 'patients:read' },
  ],
  menu: [{ key: 'patients', labelId: 'nav.patients', icon: UserRound, path: '/pacientes', order: 60 }],
});
