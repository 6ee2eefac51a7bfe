import { StickyNote } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const Notes = lazyScreen(() => import('./NotesScreen.tsx'));

export const notesArea = defineArea({
  key: 'notes',
  routes: [{ key: 'list', path: '/notas', titleId: 'area.notes', screen: Notes, permission: 'notes:read' }],
  menu: [{ key: 'notes', labelId: 'nav.notes', icon: StickyNote, path: '/notas', order: 100 }],
});
