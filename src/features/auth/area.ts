import { defineArea } from '../../components/layout/area.ts';
import { lazyScreen } from '../../components/feedback/lazyScreen.tsx';

/** The public screens (blank layout, plain HTML and CSS: the component library loads only when signed in). */
export const authArea = defineArea({
  key: 'auth',
  routes: [],
  publicRoutes: [
    { path: '/log-in', titleId: 'auth.logIn.title', screen: lazyScreen(() => import('./LogInScreen.tsx')) },
    { path: '/register', titleId: 'auth.register.title', screen: lazyScreen(() => import('./RegisterScreen.tsx')) },
    { path: '/forgot-password', titleId: 'auth.forgot.title', screen: lazyScreen(() => import('./ForgotPasswordScreen.tsx')) },
    { path: '/reset-password', titleId: 'auth.reset.title', screen: lazyScreen(() => import('./ResetPasswordScreen.tsx')) },
  ],
});
