import { FilePlus2, FileSearch, ShieldCheck } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const Worklist = lazyScreen(() => import('./WorklistScreen.tsx'));
const History = lazyScreen(() => import('./HistoryScreen.tsx'));
const NewVerification = lazyScreen(() => import('./NewVerificationScreen.tsx'));
const Verification = lazyScreen(() => import('./VerificationScreen.tsx'));

export const verificationsArea = defineArea({
  key: 'verifications',
  routes: [
    { key: 'new', path: '/verificaciones/nuevas', titleId: 'area.verifications.new', screen: Worklist, permission: 'verifications:read' },
    { key: 'list', path: '/verificaciones/existentes', titleId: 'area.verifications.existing', screen: History, permission: 'verifications:read' },
    { key: 'create', path: '/verificaciones/nueva', titleId: 'area.verifications.form', screen: NewVerification, permission: 'verifications:create' },
    // Reading a verification is its page; working it is gated per event by the permission and the statechart.
    { key: 'edit', path: '/verificaciones/editar/:id', titleId: 'area.verifications.edit', screen: Verification, permission: 'verifications:read' },
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
