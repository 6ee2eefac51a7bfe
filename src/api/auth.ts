import { api, call } from './client.ts';
import type { Credentials, Registration, SessionGrant } from '../machines/app.machine.ts';

const grant = (body: { authorisation: { token: string }; user: SessionGrant['user'] }): SessionGrant => ({
  token: body.authorisation.token,
  user: body.user,
});

export const logIn = async (credentials: Credentials) => grant(await call(api.POST('/api/login', { body: credentials })));
export const register = async (registration: Registration) => grant(await call(api.POST('/api/register', { body: registration })));
export const requestPasswordReset = (email: string) => call(api.POST('/api/forgot-password', { body: { email } }));
export const resetPassword = (token: string, password: string) => call(api.POST('/api/reset-password', { body: { token, password } }));
export const logOut = (token: string | null) =>
  call(api.POST('/api/logout', { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
