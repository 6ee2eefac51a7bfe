import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import { appMachine, authState, HOME_REDIRECT, messageOf, type Credentials, type Registration, type SessionGrant } from '../../src/machines/app.machine.ts';
import { STORAGE_KEYS } from '../../src/machines/session-storage.ts';
import { installMemoryStorage } from '../../scripts/statecharts/paths/memory-storage.ts';

const USER = { id: 1, name: 'Ana', email: 'ana@demo.local', roles: ['administrator'] };
const GRANT = { token: 'token-123', user: USER };
const NO_TOKEN = { token: null, user: null };

// Actors never settle on their own: the test delivers their outcomes as events, so every path is deterministic.
const pending = () => new Promise<never>(() => {});
const model = appMachine.provide({
  actors: {
    signIn: fromPromise<SessionGrant, Credentials>(pending),
    register: fromPromise<SessionGrant, Registration>(pending),
    requestReset: fromPromise<undefined, { email: string }>(pending),
    logOut: fromPromise<undefined, { token: string | null }>(pending),
  },
}) as AnyStateMachine;

/** Every event the machine can receive, invoke outcomes included (successful, token-less and failed). */
const EVENTS: AnyEventObject[] = [
  { type: 'SIGN_IN', email: USER.email, password: 'secret' },
  { type: 'REGISTER', name: USER.name, email: USER.email, password: 'secret12' },
  { type: 'REQUEST_RESET', email: USER.email },
  { type: 'LOG_OUT' },
  { type: 'SESSION_EXPIRED' },
  { type: 'DISMISS_MESSAGE' },
  ...['signIn', 'register', 'reSignIn'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: GRANT },
    { type: `xstate.done.actor.${id}`, output: NO_TOKEN },
    { type: `xstate.error.actor.${id}`, error: { code: 'auth.invalidCredentials' } },
  ]),
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: { code: 'network.unreachable' } },
  { type: 'xstate.done.actor.logOut', output: undefined },
  { type: 'xstate.error.actor.logOut', error: new Error('offline') },
];

/** Every transition of the machine, walked from its state nodes (always and invoke transitions included). */
function allTransitions(machine: AnyStateMachine) {
  const found = new Set<object>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) list.forEach((t: object) => found.add(t));
    node.always?.forEach((t: object) => found.add(t));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return found;
}

const describeTransition = (t: { source: { id: string }; eventType: string; target?: { id: string }[] }) =>
  `${t.source.id} --${t.eventType}--> ${t.target?.map((n) => n.id).join(',') ?? '(self)'}`;

const INVOKED_BY: Record<string, unknown> = {
  signIn: { anonymous: 'signingIn' },
  register: { anonymous: 'registering' },
  requestReset: { anonymous: 'requestingReset' },
  reSignIn: { authenticated: { sessionExpired: 'signingIn' } },
  logOut: 'loggingOut',
};

/** Replays a path on a real actor, checking the specification's session rules after every step. */
function replay(events: AnyEventObject[], taken: Set<object>) {
  const actor = createActor(model, {
    inspect: (e) => {
      if (e.type === '@xstate.microstep') (e as unknown as { _transitions: object[] })._transitions.forEach((t) => taken.add(t));
    },
  });
  actor.start();
  const check = (event: AnyEventObject | null, before: ReturnType<typeof actor.getSnapshot> | null) => {
    const snapshot = actor.getSnapshot();
    // Outcome rules apply when the event reached the state that invoked that actor.
    const actorId = event?.type.match(/^xstate\.(?:done|error)\.actor\.(\w+)$/)?.[1];
    const after = actorId && before?.matches(INVOKED_BY[actorId] as never) ? event : null;
    const auth = authState(snapshot);
    const signedIn = snapshot.matches('authenticated') || snapshot.matches('loggingOut');
    // A token exactly while signed in, mirrored in storage under auth_token.
    expect(Boolean(auth.token)).toBe(signedIn);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(auth.token);
    expect(auth.loading).toBe(/signingIn|registering|requestingReset|loggingOut/.test(JSON.stringify(snapshot.value)));
    if (after?.type === 'xstate.done.actor.signIn' && after.output.token) {
      expect(auth.redirect).toBe(HOME_REDIRECT);
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(USER);
    }
    if (after?.type.startsWith('xstate.error.actor.') && after.type !== 'xstate.error.actor.logOut') {
      expect(auth).toMatchObject({ showMessage: true, message: after.error.code });
    }
    if (after?.type.startsWith('xstate.error.actor.') && /signIn|register/i.test(after.type)) {
      expect(localStorage.getItem(STORAGE_KEYS.errors)).toBe(after.error.code);
    }
    if (after?.type === 'xstate.done.actor.logOut' || after?.type === 'xstate.error.actor.logOut') {
      // Whether logout succeeded or not: no token, redirect '/', storage cleared.
      expect(auth).toMatchObject({ token: null, redirect: '/', loading: false });
      expect(localStorage.length).toBe(0);
      expect(sessionStorage.length).toBe(0);
    }
  };
  check(null, null);
  for (const event of events) {
    const before = actor.getSnapshot();
    actor.send(event);
    check(event, before);
  }
  actor.stop();
}

/** Paths meeting the all-transitions criterion: a shortest path to each state, then each event from there. */
function transitionPaths(): AnyEventObject[][] {
  const toStates = getShortestPaths(model, { events: EVENTS, serializeState: (s) => JSON.stringify(s.value) });
  return toStates.flatMap((path) => {
    const prefix = path.steps.map((step) => step.event).filter((e) => e.type !== 'xstate.init');
    // Each event the state accepts; an unhandled actor error would crash the actor, as it should.
    return EVENTS.filter((event) => path.state.can(event)).map((event) => [...prefix, event]);
  });
}

describe('app machine — model-based', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = installMemoryStorage();
    // Something of the tab's own, which logout clears with the rest.
    installMemoryStorage({ 'panel.scroll': '120' }, 'sessionStorage');
  });

  it('covers every transition, from empty storage and from a stored session', () => {
    const taken = new Set<object>();
    for (const path of transitionPaths()) {
      storage.clear();
      replay(path, taken);
    }
    for (const path of transitionPaths()) {
      storage.clear();
      storage.setItem(STORAGE_KEYS.token, GRANT.token);
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
      replay(path, taken);
    }
    const missing = [...allTransitions(model)].filter((t) => !taken.has(t)).map((t) => describeTransition(t as never));
    expect(missing).toEqual([]);
  });

  it('reaches every state node', () => {
    const reached = new Set(getShortestPaths(model, { events: EVENTS, serializeState: (s) => JSON.stringify(s.value) }).map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"loggingOut"',
        '{"anonymous":"idle"}',
        '{"anonymous":"signingIn"}',
        '{"anonymous":"registering"}',
        '{"anonymous":"requestingReset"}',
        '{"authenticated":"active"}',
        '{"authenticated":{"sessionExpired":"idle"}}',
        '{"authenticated":{"sessionExpired":"signingIn"}}',
      ].sort(),
    );
  });
});

describe('app machine — session rules', () => {
  beforeEach(() => installMemoryStorage());

  it('boots signed in from a stored token and user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    const actor = createActor(model).start();
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'stored', user: USER, redirect: '/app/default' });
  });

  it('treats an empty token as a failed sign-in and shows the message saved under errors', () => {
    localStorage.setItem(STORAGE_KEYS.errors, 'Cuenta suspendida');
    const actor = createActor(model).start();
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'x' });
    actor.send({ type: 'xstate.done.actor.signIn', output: NO_TOKEN } as never);
    expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(authState(actor.getSnapshot())).toMatchObject({ token: null, message: 'Cuenta suspendida', showMessage: true, loading: false });
  });

  it('registration success stores the token and sets redirect to /', () => {
    const actor = createActor(model).start();
    actor.send({ type: 'REGISTER', name: 'Ana', email: USER.email, password: 'secret12' });
    actor.send({ type: 'xstate.done.actor.register', output: GRANT } as never);
    expect(authState(actor.getSnapshot())).toMatchObject({ token: GRANT.token, redirect: '/' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(GRANT.token);
  });

  it('a 401 keeps the user on the screen and signing in again resumes the session', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    const actor = createActor(model).start();
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().matches({ authenticated: 'sessionExpired' })).toBe(true);
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'secret' });
    actor.send({ type: 'xstate.done.actor.reSignIn', output: { ...GRANT, token: 'new' } } as never);
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
  });

  it('runs the provided actors: a real sign-in promise resolves into the signed-in state', async () => {
    const live = appMachine.provide({ actors: { signIn: fromPromise<SessionGrant, Credentials>(async () => GRANT) } });
    const actor = createActor(live).start();
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'secret' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
  });
});

describe('app machine — what the user sees of each outcome', () => {
  beforeEach(() => installMemoryStorage());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('says what went wrong: the error code, else its message, else “Error”', () => {
    expect(messageOf({ code: 'auth.invalidCredentials', message: 'ignored' })).toBe('auth.invalidCredentials');
    expect(messageOf(new Error('Servidor caído'))).toBe('Servidor caído');
    expect(messageOf(new Error(''))).toBe('Error');
    expect(messageOf(undefined)).toBe('Error');
  });

  it('an actor the app did not provide fails the sign-in with a message naming it, kept under errors', async () => {
    const actor = createActor(appMachine).start();
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'x' });
    await settle();
    expect(authState(actor.getSnapshot())).toMatchObject({ loading: false, showMessage: true, message: 'The signIn actor is provided by the app' });
    expect(localStorage.getItem(STORAGE_KEYS.errors)).toBe('The signIn actor is provided by the app');
    for (const [event, name] of [
      [{ type: 'REGISTER', name: 'Ana', email: USER.email, password: 'secret12' }, 'register'],
      [{ type: 'REQUEST_RESET', email: USER.email }, 'requestReset'],
    ] as const) {
      actor.send(event);
      await settle();
      expect(actor.getSnapshot().context.message).toBe(`The ${name} actor is provided by the app`);
    }
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const signedIn = createActor(appMachine).start();
    signedIn.send({ type: 'LOG_OUT' });
    await settle();
    // Logging out ends the session even when the server call fails.
    expect(signedIn.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
  });

  it('hands each server call what the user typed, and the log-out the session token', async () => {
    const inputs: Record<string, unknown> = {};
    const answer = <T,>(name: string, output: T) => fromPromise<T, unknown>(async ({ input }) => ((inputs[name] = input), output));
    const live = appMachine.provide({
      actors: { signIn: answer('signIn', GRANT), register: answer('register', GRANT), requestReset: answer('requestReset', undefined), logOut: answer('logOut', undefined) },
    } as never);
    const actor = createActor(live).start();
    actor.send({ type: 'REQUEST_RESET', email: 'olvido@demo.local' });
    await settle();
    expect(inputs.requestReset).toEqual({ email: 'olvido@demo.local' });
    expect(authState(actor.getSnapshot())).toMatchObject({ message: 'auth.resetSent', showMessage: true, loading: false });
    actor.send({ type: 'REGISTER', name: 'Ana', email: USER.email, password: 'secret12' });
    await settle();
    expect(inputs.register).toMatchObject({ name: 'Ana', email: USER.email, password: 'secret12' });
    expect(authState(actor.getSnapshot())).toMatchObject({ token: GRANT.token, redirect: '/', message: null, showMessage: false });
    actor.send({ type: 'LOG_OUT' });
    await settle();
    expect(inputs.logOut).toEqual({ token: GRANT.token });
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'secret' });
    await settle();
    expect(inputs.signIn).toMatchObject({ email: USER.email, password: 'secret' });
    expect(actor.getSnapshot().context).toMatchObject({ token: GRANT.token, user: USER, redirect: HOME_REDIRECT });
  });

  it('a reset link that could not be sent says why, without keeping it as a sign-in error', () => {
    const actor = createActor(model).start();
    actor.send({ type: 'REQUEST_RESET', email: USER.email });
    expect(authState(actor.getSnapshot()).loading).toBe(true);
    actor.send({ type: 'xstate.error.actor.requestReset', error: { code: 'network.unreachable' } } as never);
    expect(authState(actor.getSnapshot())).toMatchObject({ loading: false, message: 'network.unreachable', showMessage: true });
    expect(localStorage.getItem(STORAGE_KEYS.errors)).toBeNull();
  });

  it('a token-less answer with no saved message says auth.noToken; trying again hides the message while it loads', () => {
    const actor = createActor(model).start();
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'x' });
    actor.send({ type: 'xstate.done.actor.signIn', output: NO_TOKEN } as never);
    expect(authState(actor.getSnapshot())).toMatchObject({ message: 'auth.noToken', showMessage: true });
    actor.send({ type: 'REGISTER', name: 'Ana', email: USER.email, password: 'secret12' });
    expect(authState(actor.getSnapshot())).toMatchObject({ loading: true, showMessage: false });
    actor.send({ type: 'xstate.error.actor.register', error: { code: 'auth.emailTaken' } } as never);
    expect(authState(actor.getSnapshot())).toMatchObject({ loading: false, message: 'auth.emailTaken', showMessage: true });
    expect(localStorage.getItem(STORAGE_KEYS.errors)).toBe('auth.emailTaken');
    actor.send({ type: 'DISMISS_MESSAGE' });
    expect(authState(actor.getSnapshot())).toMatchObject({ message: 'auth.emailTaken', showMessage: false });
  });

  it('a successful sign-in forgets the saved error; signing in again after a 401 keeps the screen and hides old messages', () => {
    localStorage.setItem(STORAGE_KEYS.errors, 'auth.invalidCredentials');
    const actor = createActor(model).start();
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'secret' });
    actor.send({ type: 'xstate.done.actor.signIn', output: GRANT } as never);
    expect(localStorage.getItem(STORAGE_KEYS.errors)).toBeNull();
    expect(actor.getSnapshot().context.redirect).toBe(HOME_REDIRECT);
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'wrong' });
    expect(authState(actor.getSnapshot()).loading).toBe(true);
    actor.send({ type: 'xstate.error.actor.reSignIn', error: { code: 'auth.invalidCredentials' } } as never);
    expect(actor.getSnapshot().matches({ authenticated: { sessionExpired: 'idle' } })).toBe(true);
    expect(authState(actor.getSnapshot())).toMatchObject({ showMessage: true, message: 'auth.invalidCredentials' });
    actor.send({ type: 'DISMISS_MESSAGE' });
    expect(authState(actor.getSnapshot()).showMessage).toBe(false);
    actor.send({ type: 'SIGN_IN', email: USER.email, password: 'secret' });
    actor.send({ type: 'xstate.done.actor.reSignIn', output: { token: 'again', user: USER } } as never);
    // The screen stays where it was: no redirect home.
    expect(authState(actor.getSnapshot())).toMatchObject({ token: 'again', redirect: HOME_REDIRECT, showMessage: false, message: null });
  });

  it('logging out forgets the user and every message, and empties the browser storage', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    localStorage.setItem('preferences', '{}');
    const actor = createActor(model).start();
    actor.send({ type: 'LOG_OUT' });
    expect(authState(actor.getSnapshot()).loading).toBe(true);
    actor.send({ type: 'xstate.done.actor.logOut', output: undefined } as never);
    expect(actor.getSnapshot().context).toEqual({ token: null, user: null, message: null, showMessage: false, redirect: '/' });
    expect(localStorage.length).toBe(0);
  });

  it('boots anonymous from a user without a token, and signed in without a user when the stored one is unreadable', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
    const anonymous = createActor(model).start();
    expect(anonymous.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(anonymous.getSnapshot().context).toEqual({ token: null, user: null, message: null, showMessage: false, redirect: '/app/default' });
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    const unreadable = createActor(model).start();
    expect(unreadable.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(unreadable.getSnapshot().context).toMatchObject({ token: 'stored', user: null });
  });
});
