import { MessageSquare } from 'lucide-react';
import { defineArea } from '../../app/area-types.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

// Declared with its routes and permissions; its screens come with the area's own delivery.
const NotYet = lazyScreen(() => import('../../components/layout/NotYetScreen.tsx'));

export const messagesArea = defineArea({
  key: 'messages',
  routes: [{ key: 'list', path: '/mensajes', titleId: 'area.messages', screen: NotYet, permission: 'messages:read' }],
  menu: [{ key: 'messages', labelId: 'nav.messages', icon: MessageSquare, path: '/mensajes', order: 110 }],
});
