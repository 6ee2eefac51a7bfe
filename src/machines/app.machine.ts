import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { clearStorage, readStoredError, readStoredSession, writeStoredError, writeStoredSession, type StoredUser } from './session-storage.ts';

export interface Credentials {
  email: string;
  password: string;
}
export interface Registration extends Credentials {
  name: string;
}
/** What log-in and register answer (the specification's shape). */
export interface SessionGrant {
  token: string | null;
  user: StoredUser | null;
  message?: string;
}

export interface AppContext {
  token: string | null;
  user: StoredUser | null;
  /** A message code the UI translates (e.g. `auth.invalidCredentials`), or the server's text. */
  message: string | null;
  showMessage: boolean;
  /** Where to go once signed in or out. */
  redirect: string;
}

export type AppEvent =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'REGISTER'; name: string; email: string; password: string }
  | { type: 'REQUEST_RESET'; email: string }
  | { type: 'LOG_OUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'DISMISS_MESSAGE' };

/** Errors from the actors carry a code the UI translates, else the server's message, else "Error". */
export const messageOf = (error: unknown): string => {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code ?? (e?.message || 'Error');
};

const provided = (name: string) => () => Promise.reject(new Error(`The ${name} actor is provided by the app`));

export const HOME_REDIRECT = '/app/dashboard';

const grantOf = ({ event }: { event: { output: SessionGrant } }) => event.output;
const failureOf = ({ event }: { event: { error: unknown } }) => messageOf(event.error);
/** A failed sign-in or registration: show its message and keep it under the `errors` key. */
const failed = { target: 'idle', actions: [{ type: 'showError', params: failureOf }, { type: 'persistError', params: failureOf }] } as const;
const keepGrant = [{ type: 'assignSession', params: grantOf }, { type: 'persistSession', params: grantOf }] as const;
const tokenReturned = { type: 'tokenReturned', params: grantOf } as const;
/** The token came back empty: a failed sign-in, shown with the message saved under `errors`. */
const noToken = { target: 'idle', actions: 'showStoredError' } as const;

/**
 * The session: booting reads storage; anonymous users sign in, register or ask for a reset link;
 * a 401 while signed in moves to sessionExpired, where signing in again keeps the screen as it was.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    tags: {} as 'loading',
  },
  actors: {
    signIn: fromPromise<SessionGrant, Credentials>(provided('signIn')),
    register: fromPromise<SessionGrant, Registration>(provided('register')),
    requestReset: fromPromise<undefined, { email: string }>(provided('requestReset')),
    logOut: fromPromise<undefined, { token: string | null }>(provided('logOut')),
  },
  guards: {
    hasStoredToken: ({ context }) => Boolean(context.token),
    tokenReturned: (_, grant: SessionGrant) => Boolean(grant.token),
  },
  actions: {
    restoreSession: assign(() => readStoredSession()),
    assignSession: assign((_, grant: SessionGrant) => ({ token: grant.token, user: grant.user, message: null, showMessage: false })),
    persistSession: (_, grant: SessionGrant) => writeStoredSession(grant.token!, grant.user!),
    redirectHome: assign({ redirect: HOME_REDIRECT }),
    redirectRoot: assign({ redirect: '/' }),
    showError: assign((_, message: string) => ({ message, showMessage: true })),
    persistError: (_, message: string) => writeStoredError(message),
    showStoredError: assign(() => ({ message: readStoredError() ?? 'auth.noToken', showMessage: true })),
    showResetSent: assign({ message: 'auth.resetSent', showMessage: true }),
    dismissMessage: assign({ showMessage: false }),
    endSession: assign({ token: null, user: null, redirect: '/', message: null, showMessage: false }),
    clearStorage: () => clearStorage(),
  },
}).createMachine({
  id: 'app',
  initial: 'booting',
  context: { token: null, user: null, message: null, showMessage: false, redirect: '/app/default' },
  states: {
    booting: {
      entry: 'restoreSession',
      always: [{ guard: 'hasStoredToken', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      initial: 'idle',
      on: { DISMISS_MESSAGE: { actions: 'dismissMessage' } },
      states: {
        idle: {
          on: {
            SIGN_IN: 'signingIn',
            REGISTER: 'registering',
            REQUEST_RESET: 'requestingReset',
          },
        },
        signingIn: {
          tags: 'loading',
          entry: 'dismissMessage',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => event as Credentials,
            onDone: [
              {
                guard: tokenReturned,
                target: '#app.authenticated',
                actions: [...keepGrant, 'redirectHome'],
              },
              noToken,
            ],
            onError: failed,
          },
        },
        registering: {
          tags: 'loading',
          entry: 'dismissMessage',
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => event as Registration,
            onDone: [
              {
                guard: tokenReturned,
                target: '#app.authenticated',
                actions: [...keepGrant, 'redirectRoot'],
              },
              noToken,
            ],
            onError: failed,
          },
        },
        requestingReset: {
          tags: 'loading',
          entry: 'dismissMessage',
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ event }) => ({ email: (event as { email: string }).email }),
            onDone: { target: 'idle', actions: 'showResetSent' },
            onError: { target: 'idle', actions: { type: 'showError', params: failureOf } },
          },
        },
      },
    },
    authenticated: {
      initial: 'active',
      on: { LOG_OUT: '#app.loggingOut', DISMISS_MESSAGE: { actions: 'dismissMessage' } },
      states: {
        active: {
          on: { SESSION_EXPIRED: 'sessionExpired' },
        },
        sessionExpired: {
          initial: 'idle',
          states: {
            idle: {
              on: { SIGN_IN: 'signingIn' },
            },
            signingIn: {
              tags: 'loading',
              entry: 'dismissMessage',
              invoke: {
                id: 'reSignIn',
                src: 'signIn',
                input: ({ event }) => event as Credentials,
                onDone: [
                  {
                    guard: tokenReturned,
                    target: '#app.authenticated.active',
                    actions: keepGrant,
                  },
                  noToken,
                ],
                onError: failed,
              },
            },
          },
        },
      },
    },
    loggingOut: {
      tags: 'loading',
      invoke: {
        id: 'logOut',
        src: 'logOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'anonymous', actions: ['endSession', 'clearStorage'] },
        onError: { target: 'anonymous', actions: ['endSession', 'clearStorage'] },
      },
    },
  },
});

/** The specification's auth state, derived from the machine. */
export const authState = (snapshot: SnapshotFrom<typeof appMachine>) => ({
  loading: snapshot.hasTag('loading'),
  message: snapshot.context.message,
  showMessage: snapshot.context.showMessage,
  redirect: snapshot.context.redirect,
  token: snapshot.context.token,
});
