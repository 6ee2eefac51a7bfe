import { MessageSquare } from 'lucide-react';
import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';
import { UnreadBadge } from './UnreadBadge.tsx';

const Messages = lazyScreen(() => import('./MessagesScreen.tsx'));

export const messagesArea = defineArea({
  key: 'messages',
  routes: [
    { key: 'view', path: '/mensajes/:id', titleId: 'area.messages.conversation', screen: Messages, permission: 'messages:read' },
    { key: 'list', path: '/mensajes', titleId: 'area.messages', screen: Messages, permission: 'messages:read' },
  ],
  menu: [{ key: 'messages', labelId: 'nav.messages', icon: MessageSquare, path: '/mensajes', order: 110 }],
  headerItems: [{ key: 'unread-messages', component: UnreadBadge, permission: 'messages:read' }],
});
