import { useEffect, useState, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQueryClient } from '@tanstack/react-query';
import { appMachine, type Credentials, type Registration } from '../machines/app.machine.ts';
import * as auth from '../api/auth.ts';
import { sessionBridge } from '../api/client.ts';

/** The app machine with its actors wired to the real API. */
const liveAppMachine = appMachine.provide({
  actors: {
    signIn: fromPromise(({ input }: { input: Credentials }) => auth.logIn({ email: input.email, password: input.password })),
    register: fromPromise(({ input }: { input: Registration }) => auth.register({ name: input.name, email: input.email, password: input.password })),
    requestReset: fromPromise(async ({ input }: { input: { email: string } }) => void (await auth.requestPasswordReset(input.email))),
    logOut: fromPromise(async ({ input }: { input: { token: string | null } }) => void (await auth.logOut(input.token))),
  },
});

export const Session = createActorContext(liveAppMachine);

/** Lets API calls read the token and report a 401, and refetches everything when the token changes. */
function SessionBridge({ children }: { children: ReactNode }) {
  const actor = Session.useActorRef();
  const token = Session.useSelector((s) => s.context.token);
  const queryClient = useQueryClient();
  useState(() => {
    sessionBridge.getToken = () => actor.getSnapshot().context.token;
    sessionBridge.onUnauthorized = () => actor.send({ type: 'SESSION_EXPIRED' });
  });
  useEffect(() => {
    if (token) void queryClient.invalidateQueries();
    else queryClient.clear();
  }, [token, queryClient]);
  return children;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <Session.Provider>
      <SessionBridge>{children}</SessionBridge>
    </Session.Provider>
  );
}
