import { Megaphone } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';
import { PendingBadge } from './PendingBadge.tsx';

const List = lazyScreen(() => import('./AnnouncementsListScreen.tsx'));
const Form = lazyScreen(() => import('./AnnouncementFormScreen.tsx'));
const View = lazyScreen(() => import('./ViewScreen.tsx'));
const Pending = lazyScreen(() => import('./PendingScreen.tsx'));
// Every signed-in user has announcements to read, whatever their role: no permission.
const headerItems = [{ key: 'pending-announcements', component: PendingBadge }];

export const announcementsArea = defineArea({
  key: 'announcements',
  routes: [
    { key: 'create', path: '/comunicados/nuevo', titleId: 'area.announcements.new', screen: Form, permission: 'announcements:create' },
    { key: 'edit', path: '/comunicados/editar/:id', titleId: 'area.announcements.edit', screen: Form, permission: 'announcements:update' },
    { key: 'view', path: '/comunicados/ver/:id', titleId: 'area.announcements.view', screen: View, permission: 'announcements:read' },
    // Every signed-in user acknowledges what is addressed to them, whatever their role.
    { key: 'pending', path: '/comunicadospendientes', titleId: 'area.announcements.pending', screen: Pending },
    { key: 'list', path: '/comunicados', titleId: 'area.announcements.list', screen: List, permission: 'announcements:read' },
  ],
  headerItems,
  menu: [{ key: 'announcements', labelId: 'nav.announcements', icon: Megaphone, path: '/comunicados', order: 150 }],
});
