import { Megaphone } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const announcementsArea = defineArea({
  key: 'announcements',
  routes: [
    { key: 'create', path: '/comunicados/nuevo', titleId: 'area.announcements.new', screen: NotYet, permission: 'announcements:create' },
    { key: 'edit', path: '/comunicados/editar/:id', titleId: 'area.announcements.edit', screen: NotYet, permission: 'announcements:update' },
    { key: 'pending', path: '/comunicadospendientes', titleId: 'area.announcements.pending', screen: NotYet, permission: 'announcements:read' },
    { key: 'list', path: '/comunicados', titleId: 'area.announcements.list', screen: NotYet, permission: 'announcements:read' },
  ],
  menu: [{ key: 'announcements', labelId: 'nav.announcements', icon: Megaphone, path: '/comunicados', order: 150 }],
});
