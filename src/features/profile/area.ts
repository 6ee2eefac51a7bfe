import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

const Profile = lazyScreen(() => import('./ProfileScreen.tsx'));

/** Own profile and display settings (the user menu opens it); another user's profile needs `users:read`. */
export const profileArea = defineArea({
  key: 'profile',
  routes: [
    { key: 'other', path: '/perfil/:id', titleId: 'area.profile', screen: Profile, permission: 'users:read' },
    { key: 'own', path: '/perfil', titleId: 'area.profile', screen: Profile },
  ],
});
