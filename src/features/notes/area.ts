import { StickyNote } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const notesArea = defineArea({
  key: 'notes',
  routes: [{ key: 'list', path: '/notas', titleId: 'area.notes', screen: NotYet, permission: 'notes:read' }],
  menu: [{ key: 'notes', labelId: 'nav.notes', icon: StickyNote, path: '/notas', order: 100 }],
});
