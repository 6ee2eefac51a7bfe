/**
 * The Playwright spec of the app machine's paths: each path becomes a test driving the real UI through
 * tests/paths/support/app-ui.ts — an invoking event and its outcome are one user action (the outcome picks
 * the input: right or wrong password, new or used address, server reachable or not), and each resting state
 * is checked on screen.
 *
 * DISMISS_MESSAGE is the session message's close button; when the machine's context says no message is shown
 * (the path is replayed on the machine to know), there is no button and the step changes nothing on screen.
 * An invoking event not followed at once by its outcome has its request held in flight with page.route until
 * the outcome's step (`ui.settle()`).
 *
 * It is written beside paths.json, under tests/paths/app/<criterion>/; the default `npx playwright test` run
 * picks it up (project `paths` of playwright.config.ts).
 */
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { MACHINES } from '../../src/machines/registry.ts';
import { PathRunner } from '../statecharts/paths/executor.ts';
import { testableCopy } from '../statecharts/paths/instrument.ts';
import type { Criterion, PathRecord, PathsFile, StepRecord } from '../statecharts/paths/types.ts';

export const PLAYWRIGHT_NOTE =
  'Playwright spec written under tests/paths/app, run by the default `npx vite build && npx playwright test` (project paths).';

const WHY = [
  'Notes:',
  '- DISMISS_MESSAGE clicks the close button of the session message; with no message shown there is no button and nothing changes;',
  '- a session grant without a token never comes from the real server: those steps stub the API answer;',
  '- an invoking event not followed at once by its outcome holds its request in flight (page.route) until the outcome;',
  "- every failed sign-in counts toward the server's per-address limit (20 per 15 minutes) shared with tests/e2e.",
];

export const playwrightSpecFile = (criterion: Criterion, outDir: string, variant = '') => path.join(outDir, 'app', criterion, variant, `app.${criterion}.paths.spec.ts`);

interface UiAction {
  /** Code lines of the test body. */
  lines: string[];
}

type Plan = { ok: true; actions: UiAction[] } | { ok: false; reason: string };

const INVOKED: Record<string, { actor: string; method: string; from: RegExp }> = {
  SIGN_IN: { actor: 'signIn|reSignIn', method: '', from: /^(anonymous\.idle|authenticated\.sessionExpired\.idle)$/ },
  REGISTER: { actor: 'register', method: 'register', from: /^anonymous\.idle$/ },
  REQUEST_RESET: { actor: 'requestReset', method: 'requestReset', from: /^anonymous\.idle$/ },
  LOG_OUT: { actor: 'logOut', method: 'logOut', from: /^(authenticated\.active|authenticated\.sessionExpired\.(idle|signingIn))$/ },
};

/** The states tests/paths/support/app-ui.ts can check on screen. */
const CHECKED = new Set([
  'anonymous.idle',
  'anonymous.signingIn',
  'anonymous.registering',
  'anonymous.requestingReset',
  'authenticated.active',
  'authenticated.sessionExpired.idle',
  'authenticated.sessionExpired.signingIn',
]);

function outcomeOf(step: StepRecord): string {
  if (step.event.type.startsWith('xstate.error.actor.')) return 'error';
  const output = step.event.output as { token?: unknown } | undefined;
  if (output && typeof output === 'object' && 'token' in output) return output.token ? 'grant' : 'no-token';
  return 'done';
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const expectState = (state: string): UiAction => ({ lines: [`await ui.expectState(${quote(state)});`] });

/**
 * How to drive one path through the UI, or why it cannot be. `messageShown[i]`: whether the session message is on
 * screen (context showMessage with a message) just before step i (see messagesShown).
 */
export function planPath(path: PathRecord, messageShown: readonly boolean[] = []): Plan {
  const actions: UiAction[] = [];
  let state = path.initial.state;
  /** The outcome events of the request held in flight, if any, and the state that waits for it. */
  let held: { outcome: RegExp; state: string } | null = null;
  for (let i = 0; i < path.steps.length; i += 1) {
    const step = path.steps[i]!;
    const n = i + 2;
    const type = step.event.type;
    if (held?.outcome.test(type)) {
      actions.push({ lines: [`// ${n}. ${type} (${outcomeOf(step)}): the held request is let through.`, 'await ui.settle();'] });
      held = null;
      state = step.state;
      actions.push(expectState(state));
      continue;
    }
    if (!step.transitions.length) {
      actions.push({ lines: [`// ${n}. ${type}: ignored by the machine in ${state}, nothing to do on screen.`] });
      continue;
    }
    if (type === 'DISMISS_MESSAGE') {
      actions.push(
        messageShown[i]
          ? { lines: [`// ${n}. DISMISS_MESSAGE: the close button of the session message.`, 'await ui.dismissMessage();'] }
          : { lines: [`// ${n}. DISMISS_MESSAGE with no message shown: there is no close button and nothing changes on screen.`, 'await ui.expectNoMessage();'] },
      );
    } else if (type === 'SESSION_EXPIRED' && state === 'authenticated.active') {
      actions.push({ lines: [`// ${n}. SESSION_EXPIRED: the token is revoked elsewhere and the next API call answers 401.`, 'await ui.expireSession();'] });
    } else if (INVOKED[type] && INVOKED[type]!.from.test(state)) {
      const invoked = INVOKED[type]!;
      const outcomeEvent = new RegExp(`^xstate\\.(done|error)\\.actor\\.(${invoked.actor})$`);
      const method = type === 'SIGN_IN' ? (state === 'anonymous.idle' ? 'signIn' : 'signInAgain') : invoked.method;
      const next = path.steps[i + 1];
      if (next && outcomeEvent.test(next.event.type)) {
        const outcome = outcomeOf(next);
        actions.push({ lines: [`// ${n}–${n + 1}. ${type}, then ${next.event.type} (${outcome}).`, `await ui.${method}(${quote(outcome)});`] });
        i += 1;
        state = next.state;
        if (held && state !== held.state) held = null;
        actions.push(expectState(state));
        continue;
      }
      // Its outcome comes later (or never): the request is held in flight meanwhile.
      const later = path.steps.findIndex((s, j) => j > i && outcomeEvent.test(s.event.type));
      const outcome = later >= 0 ? outcomeOf(path.steps[later]!) : type === 'SIGN_IN' || type === 'REGISTER' ? 'grant' : 'done';
      const until = later >= 0 ? `until step ${later + 2} (${path.steps[later]!.event.type})` : 'to the end';
      actions.push({ lines: [`// ${n}. ${type}; its request is held in flight (page.route) ${until}.`, `await ui.${method}(${quote(outcome)}, { hold: true });`] });
      held = { outcome: outcomeEvent, state: step.state };
    } else {
      return { ok: false, reason: `step ${n} (${type} in ${state}) has no control in the UI` };
    }
    state = step.state;
    // Leaving the loading state stops the invoked actor: its held request stays unanswered, ignored.
    if (held && state !== held.state) held = null;
    if (!CHECKED.has(state)) return { ok: false, reason: `step ${n} (${type}) reaches ${state}, which the UI cannot show while it lasts` };
    actions.push(expectState(state));
  }
  return { ok: true, actions };
}

/** Replays the paths on the machine: whether the session message is shown before each step. */
export function messagesShown(file: PathsFile, machine?: AnyStateMachine): Map<string, boolean[]> {
  const registered = machine ?? MACHINES.find((m) => m.name === file.machine)?.machine;
  if (!registered) throw new Error(`No registered machine named ${file.machine}`);
  const copy = testableCopy(registered);
  const shown = new Map<string, boolean[]>();
  for (const p of file.paths) {
    const scenario = file.scenarios.find((s) => s.name === p.scenario);
    if (!scenario) throw new Error(`${p.id}: no scenario ${p.scenario}`);
    const runner = new PathRunner(copy, scenario);
    const before: boolean[] = [];
    for (const step of p.steps) {
      const context = runner.snapshot.context as { showMessage?: boolean; message?: string | null };
      before.push(Boolean(context.showMessage && context.message));
      runner.send(step.event);
      if (runner.failed) break;
    }
    runner.stop();
    shown.set(p.id, before);
  }
  return shown;
}

/** `support` is the import path of tests/paths/support/app-ui.ts from the spec's folder. */
export function renderPlaywrightSpec(file: PathsFile, support = '../../support/app-ui.ts'): string {
  const shown = messagesShown(file);
  const plans = file.paths.map((p) => ({ path: p, plan: planPath(p, shown.get(p.id)) }));
  const driven = plans.filter((p) => p.plan.ok).length;
  const lines = [
    `// Generated by \`${file.command}\`; do not edit — regenerate.`,
    `// The app machine's ${file.criterion} paths (paths.json beside this file) driven through the real UI: ${driven} of ${file.paths.length} paths.`,
    ...WHY.map((w) => `// ${w}`),
    `// Run: npx vite build && npx playwright test --project=paths`,
    `import { test } from '@playwright/test';`,
    `import { AppUi, recordPassedPath } from ${quote(support)};`,
    '',
    `test.describe(${quote(`app — ${file.criterion} paths through the UI (seed ${file.seed})`)}, () => {`,
    `  // Each path that passes counts for the coverage report's app (browser) column.`,
    `  test.afterEach(({}, info) => recordPassedPath(info));`,
    '',
  ];
  for (const { path: p, plan } of plans) {
    const title = quote(`${p.id} ${p.title}`);
    if (!plan.ok) {
      lines.push(`  // ${plan.reason}.`, `  test.fixme(${title}, async () => {});`, '');
      continue;
    }
    lines.push(`  test(${title}, async ({ page, request }) => {`, `    const ui = new AppUi(page, request);`);
    lines.push(`    // 1. Given scenario ${p.scenario}, it starts in ${p.initial.state}.`, `    await ui.start(${quote(p.scenario)});`, `    await ui.expectState(${quote(p.initial.state)});`);
    for (const action of plan.actions) lines.push(...action.lines.map((l) => `    ${l}`));
    lines.push('  });', '');
  }
  if (lines[lines.length - 1] === '') lines.pop();
  lines.push('});');
  return `${lines.join('\n')}\n`;
}
