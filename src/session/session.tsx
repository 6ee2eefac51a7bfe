import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQueryClient } from '@tanstack/react-query';
import { appMachine, type Credentials, type Registration } from '../machines/app.machine.ts';
import * as auth from '../api/auth.ts';
import { sessionBridge } from '../api/client.ts';
import { storedLocale } from '../machines/preferences.machine.ts';
import { usePreferencesActor } from './preferences.tsx';

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

/**
 * Lets API calls read the token and report a 401; a new session starts its code and first data at
 * once, and signing in again (a new token) refetches everything.
 */
function SessionBridge({ onSessionStart, children }: { onSessionStart: SessionStart; children: ReactNode }) {
  const actor = Session.useActorRef();
  const preferences = usePreferencesActor();
  const token = Session.useSelector((s) => s.context.token);
  const queryClient = useQueryClient();
  const previous = useRef<string | null>(null);
  useState(() => {
    sessionBridge.getToken = () => actor.getSnapshot().context.token;
    sessionBridge.onUnauthorized = () => actor.send({ type: 'SESSION_EXPIRED' });
    // Straight from the machine, before React renders the signed-in layout (a long first render).
    let started: string | null = null;
    let loaded = false;
    const start = (snapshot: ReturnType<typeof actor.getSnapshot>) => {
      const { token: current, redirect, user } = snapshot.context;
      if (current && current !== started) {
        // A sign-in (not the session this browser kept) on a browser that keeps no language of its own (signing out
        // clears it): the panel opens in the language the user's profile saved.
        if (loaded && !storedLocale() && typeof user?.locale === 'string') preferences.send({ type: 'SET_LOCALE', value: user.locale });
        onSessionStart(current, redirect);
      }
      started = current;
    };
    start(actor.getSnapshot());
    loaded = true;
    actor.subscribe(start);
  });
  useEffect(() => {
    // A first session has nothing cached to refresh (and must not cancel what was just asked for).
    if (token && previous.current) void queryClient.invalidateQueries();
    else if (!token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return children;
}

/** Told of each new session's token (and where the machine would send the user) as soon as the machine has it. */
export type SessionStart = (token: string, redirect: string) => void;

export function SessionProvider({ onSessionStart, children }: { onSessionStart: SessionStart; children: ReactNode }) {
  return (
    <Session.Provider>
      <SessionBridge onSessionStart={onSessionStart}>{children}</SessionBridge>
    </Session.Provider>
  );
}
