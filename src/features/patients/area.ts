import { UserRound } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const List = lazyScreen(() => import('./PatientsListScreen.tsx'));
const Form = lazyScreen(() => import('./PatientFormScreen.tsx'));
const View = lazyScreen(() => import('./PatientViewScreen.tsx'));

export const patientsArea = defineArea({
  key: 'patients',
  routes: [
    { key: 'createForPolicy', path: '/pacientes/nuevo/:poliza_id', titleId: 'area.patients.newForPolicy', screen: Form, permission: 'patients:create' },
    { key: 'create', path: '/pacientes/nuevo', titleId: 'area.patients.new', screen: Form, permission: 'patients:create' },
    { key: 'edit', path: '/pacientes/editar/:id', titleId: 'area.patients.edit', screen: Form, permission: 'patients:update' },
    { key: 'view', path: '/pacientes/ver/:id', titleId: 'area.patients.view', screen: View, permission: 'patients:read' },
    { key: 'byPolicy', path: '/pacientes/:id', titleId: 'area.patients.byPolicy', screen: List, permission: 'patients:read' },
    { key: 'list', path: '/pacientes', titleId: 'area.patients.list', screen: List, permission: 'patients:read' },
  ],
  menu: [{ key: 'patients', labelId: 'nav.patients', icon: UserRound, path: '/pacientes', order: 60 }],
  actions: { update: 'patients:update' },
});
