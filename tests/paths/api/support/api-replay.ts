/**
 * Replays generated statechart paths (tests/paths/<machine>/<criterion>/paths.json) against the real API: the
 * in-process server on an in-memory PGlite, each path on a record of its own made by the machine's adapter with
 * the facts the path's guards need, each step sent as `POST /api/<resource>/<id>/events` (or, for the events the
 * server takes by itself, done the way the server does them: its daily jobs, or the follow-up of the previous
 * request). After every step the record's `state` read back through the API must be the path's, and a step the
 * path expects to be refused must answer 409 with the refusing guard's rule code.
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import { runDailyJobs } from '../../../../server/scheduler.ts';
import { MACHINES } from '../../../../src/machines/registry.ts';
import { snapshotAt, step as machineStep } from '@core/workflows/workflow.ts';
import type { PathEvent, PathRecord, PathsFile, Scenario, StepRecord } from '../../../../scripts/statecharts/paths/types.ts';
import type { TestServer } from '../../../api/helpers.ts';

export type Resource = 'verifications' | 'reimbursements' | 'orthodontic-plans' | 'policies' | 'announcements' | 'patients';

export const ROLES = {
  admin: 'admin@demo.local',
  supervisor: 'supervisor@demo.local',
  verifier: 'verificador@demo.local',
  analyst: 'analista@demo.local',
  auditor: 'auditor@demo.local',
  treasury: 'tesoreria@demo.local',
} as const;
export type Role = keyof typeof ROLES;

/** What every adapter works with: the server, its clock, the demo staff signed in. */
export interface ReplayContext {
  server: TestServer;
  /** The server's business date; an adapter moves it as a path needs (`today` facts). */
  clock: { today: string };
  tokens: Partial<Record<Role, string>>;
  userIds: Partial<Record<Role, number>>;
  call: TestServer['call'];
}

/** One record under replay: its id (0 until the event that creates it, see MachineAdapter.creates) and whatever the adapter keeps for later steps. */
export interface Subject {
  id: number;
  [key: string]: unknown;
}

export interface MachineAdapter {
  machine: string;
  resource: Resource;
  /**
   * Creates the record of one path in the path's initial state, with the facts its scenario's guards need (with
   * `creates`, the world the record will be created in, and id 0).
   */
  setup: (ctx: ReplayContext, scenario: Scenario, path: PathRecord) => Promise<Subject>;
  /**
   * The event whose request creates the record (a patient is enrolled by `POST /api/patients`): the machine's
   * initial state is never a resting one through the API, so until that event is accepted there is no record —
   * a refused creation must leave none (see `nothingCreated`) — and the record's history begins with it.
   */
  creates?: string;
  /** Checks that a refused creation made nothing (no patient added to the policy…). */
  nothingCreated?: (ctx: ReplayContext, subject: Subject) => Promise<void>;
  /** The record's state as the machine names it, where the API spells it otherwise (patients: `ACTIVE`). */
  stateOf?: (record: Record<string, unknown>) => string;
  /**
   * Who sends the event, and its body as the API takes it (fixture placeholders made real); an event the API
   * takes elsewhere than `POST …/events` names its method and path (a reimbursement's EDIT is its PUT), and the
   * status that request answers a refusal with when it is not 409 (a patient's enrolment rules: 422 on the form).
   */
  send: (
    ctx: ReplayContext,
    subject: Subject,
    event: PathEvent,
    scenario: Scenario,
  ) => { role: Role; body: Record<string, unknown>; method?: 'POST' | 'PUT'; path?: string; refusalStatus?: number };
  /**
   * The event the server sends by itself, in the same request, whenever a step lands in `from` (reimbursement:
   * CHECK on submitted). The API never rests there: a path that sends anything else from `from` ends its API
   * replay at that point (the machine's outcome of the follow-up is checked instead).
   */
  followUp?: { from: string; event: string };
  /**
   * Events the daily jobs send (EXPIRE…): the adapter moves the clock (as far as the step's guards say: a job
   * whose guard fails must leave the record as it is); the runner runs the jobs.
   */
  scheduled?: Record<string, (ctx: ReplayContext, subject: Subject, step: StepRecord) => Promise<void> | void>;
  /**
   * Guards the contract enforces before the workflow sees the event, with the request field that breaks it: a
   * payload that fails such a guard is refused as 400 `request.invalid` on that field, never reaching the guard.
   */
  contractShields?: Record<string, string>;
  /** Why a path's starting world cannot be made through the API (a pending verification with claims…), if so. */
  cannotBuild?: (scenario: Scenario, path: PathRecord) => string | undefined;
  /**
   * Changes the world before a step as its scenario says (a rule changed between approval and payment…); answers
   * the history entries its own set-up events added (`EVENT>state`), if any.
   */
  beforeStep?: (ctx: ReplayContext, subject: Subject, step: StepRecord, scenario: Scenario) => Promise<void | string[]>;
  /** Puts back what beforeStep changed in data other paths share (a policyholder's bank details…). */
  afterStep?: (ctx: ReplayContext, subject: Subject, step: StepRecord) => Promise<void>;
  /** Guards whose refusal the API answers with another status than 409 (an editor who may not edit: 403). */
  refusalStatus?: Record<string, number>;
  /** Checks the effects that matter after an accepted step (ledger, payment, schedule). */
  effects?: (ctx: ReplayContext, subject: Subject, step: StepRecord, record: Record<string, unknown>) => Promise<void>;
  /** Which history entries are the record's own (a plan's history also holds its instalments'). */
  ownHistory?: (entry: HistoryEntry) => boolean;
  /** The record's history where the API has no `GET …/{id}/history` for it (announcements), oldest first. */
  readHistory?: (ctx: ReplayContext, id: number) => Promise<HistoryEntry[]>;
}

export interface HistoryEntry {
  event: string;
  fromState: string | null;
  toState: string;
  payload: Record<string, unknown> | null;
  /** A plan's history says whose entry it is. */
  entityType?: string;
}

export const loadPaths = (url: URL): PathsFile => JSON.parse(fs.readFileSync(url, 'utf8')) as PathsFile;

/** Signs in the demo staff once per file. */
export async function contextFor(server: TestServer, clock: { today: string }): Promise<ReplayContext> {
  const ctx: ReplayContext = { server, clock, tokens: {}, userIds: {}, call: server.call.bind(server) };
  const users = await server.db.query<{ id: number; email: string }>('SELECT id, email FROM users');
  for (const [role, email] of Object.entries(ROLES) as [Role, string][]) {
    const user = users.find((u) => u.email === email);
    if (!user) continue;
    ctx.tokens[role] = await server.signIn(email);
    ctx.userIds[role] = user.id;
  }
  return ctx;
}

/** The first guard that failed in a step, if any. */
const firstFailedGuard = (step: StepRecord) => {
  const failed = step.guards.find((g) => g.endsWith(':false'));
  return failed?.slice(0, failed.lastIndexOf(':'));
};

/** The rule code the API must answer for a step the path expects refused: its first guard that failed. */
export function expectedRefusal(machineName: string, step: StepRecord): string {
  const registered = MACHINES.find((m) => m.name === machineName)!;
  const guard = firstFailedGuard(step);
  if (!guard) return 'workflow.illegalEvent';
  return (registered.rules as Record<string, { rule: string }>)[guard]?.rule ?? 'workflow.refused';
}

/** The contract's field a refused step breaks before its guard runs (see MachineAdapter.contractShields). */
export const shieldedField = (adapter: MachineAdapter, step: StepRecord) => adapter.contractShields?.[firstFailedGuard(step) ?? ''];

/**
 * The guard outcomes a step reached through the API. A step the contract refused ahead of its guard did not
 * reach the guard's refusal: its `guard:false` is not counted.
 */
function reachedGuards(adapter: MachineAdapter, step: StepRecord): string[] {
  const shielded = step.transitions.length === 0 && shieldedField(adapter, step) ? firstFailedGuard(step) : undefined;
  return step.guards.filter((g) => g !== `${shielded}:false`);
}

async function read(ctx: ReplayContext, resource: Resource, id: number): Promise<Record<string, unknown>> {
  const response = await ctx.call('GET', `/api/${resource}/${id}`, { token: ctx.tokens.admin });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Record<string, unknown>;
}

const stateOf = (adapter: MachineAdapter, record: Record<string, unknown>) => adapter.stateOf?.(record) ?? record.state;

async function history(ctx: ReplayContext, adapter: MachineAdapter, id: number): Promise<string[]> {
  if (adapter.readHistory) return (await adapter.readHistory(ctx, id)).map((h) => `${h.event}>${h.toState}`);
  const response = await ctx.call('GET', `/api/${adapter.resource}/${id}/history`, { token: ctx.tokens.admin });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const items = response.body.items as HistoryEntry[];
  return items.filter((h) => adapter.ownHistory?.(h) ?? true).map((h) => `${h.event}>${h.toState}`);
}

/** What the machine does with the server's follow-up event from `state`, with the scenario's facts. */
function followUpOutcome(machineName: string, scenario: Scenario, state: string, type: string): string {
  const { machine, rules } = MACHINES.find((m) => m.name === machineName)!;
  const facts = (scenario.input as { facts: unknown }).facts;
  const outcome = machineStep(machine, snapshotAt(machine, state, facts as never), { type } as never, rules);
  return outcome.ok ? outcome.value : state;
}

/** What a replay took through the API: transition definitions and guard outcomes. */
export interface Reached {
  transitions: string[];
  guards: string[];
}

/**
 * Replays one path against the API; every mismatch names the path, the step and what the API answered. Answers
 * the transitions and guard outcomes the API replay took: those of every step it could take (all of them unless
 * the path sends an event from a state the API never rests in).
 */
export async function replayOnApi(ctx: ReplayContext, adapter: MachineAdapter, file: PathsFile, pathId: string): Promise<Reached> {
  const path = file.paths.find((p) => p.id === pathId);
  if (!path) throw new Error(`No path ${pathId} in ${file.machine}/${file.criterion}`);
  const scenario = file.scenarios.find((s) => s.name === path.scenario)!;
  const subject = await adapter.setup(ctx, scenario, path);
  const where = (i: number) => `${file.machine} ${path.id} (${scenario.name}) step ${i + 1} ${path.steps[i]?.event.type ?? 'start'}`;
  const created = () => subject.id > 0;
  if (created()) expect(stateOf(adapter, await read(ctx, adapter.resource, subject.id)), `${where(-1)}: initial state`).toBe(path.initial.state);
  const expectedHistory = created() ? await history(ctx, adapter, subject.id) : [];
  const replayedSteps: number[] = [];

  for (const [i, step] of path.steps.entries()) {
    const accepted = step.transitions.length > 0;
    if (adapter.followUp?.event === step.event.type) {
      // Taken by the server at the end of the previous request: the previous check already saw its state.
      expectedHistory.push(`${step.event.type}>${step.state}`);
      expect(await history(ctx, adapter, subject.id), where(i)).toEqual(expectedHistory);
      replayedSteps.push(i);
      continue;
    }
    expectedHistory.push(...((await adapter.beforeStep?.(ctx, subject, step, scenario)) ?? []));
    const scheduled = adapter.scheduled?.[step.event.type];
    if (scheduled) {
      await scheduled(ctx, subject, step);
      await ctx.server.db.query('DELETE FROM scheduled_runs WHERE run_on = $1::date', [ctx.clock.today]);
      await runDailyJobs(ctx.server.db, ctx.clock.today);
    } else {
      // What beforeStep changed in shared data is put back even when the step's checks fail, so one failure does
      // not spread to the paths after it.
      try {
        const sent = adapter.send(ctx, subject, step.event, scenario);
        const version = created() ? { version: (await read(ctx, adapter.resource, subject.id)).version } : {};
        const response = await ctx.call(sent.method ?? 'POST', sent.path ?? `/api/${adapter.resource}/${subject.id}/events`, {
          token: ctx.tokens[sent.role],
          body: { ...version, ...sent.body },
        });
        const creating = !created() && step.event.type === adapter.creates;
        const field = accepted ? undefined : shieldedField(adapter, step);
        if (accepted) {
          expect(response.status, `${where(i)}: ${JSON.stringify(response.body)}`).toBe(creating ? 201 : 200);
          if (creating) subject.id = response.body.id as number;
        }
        else if (field) {
          const errors = (response.body?.errors ?? []) as { path: string }[];
          expect({ status: response.status, code: response.body?.code, field: errors.some((e) => e.path === field) }, `${where(i)}: ${JSON.stringify(response.body)}`).toEqual({
            status: 400,
            code: 'request.invalid',
            field: true,
          });
        } else {
          const status = sent.refusalStatus ?? adapter.refusalStatus?.[firstFailedGuard(step) ?? ''] ?? 409;
          expect({ status: response.status, code: response.body?.code }, where(i)).toEqual({ status, code: expectedRefusal(file.machine, step) });
        }
      } finally {
        await adapter.afterStep?.(ctx, subject, step);
      }
    }
    // After a step the server follows up by itself, the API already shows the follow-up's state.
    const next = path.steps[i + 1];
    const followedUp = accepted && adapter.followUp?.from === step.state;
    const cut = followedUp && next?.event.type !== adapter.followUp!.event;
    const expected = followedUp ? (next && !cut ? next.state : followUpOutcome(file.machine, scenario, step.state, adapter.followUp!.event)) : step.state;
    if (!created()) {
      // Not created yet: the path must still be in the initial state, and the refused request left nothing.
      expect(step.state, `${where(i)}: state`).toBe(path.initial.state);
      await adapter.nothingCreated?.(ctx, subject);
      replayedSteps.push(i);
      continue;
    }
    const record = await read(ctx, adapter.resource, subject.id);
    expect(stateOf(adapter, record), `${where(i)}: state`).toBe(expected);
    if (accepted) {
      expectedHistory.push(`${step.event.type}>${step.state}`);
      await adapter.effects?.(ctx, subject, step, record);
    }
    replayedSteps.push(i);
    if (cut) {
      if (expected !== step.state) expectedHistory.push(`${adapter.followUp!.event}>${expected}`);
      break;
    }
  }
  if (created()) expect(await history(ctx, adapter, subject.id), `${file.machine} ${path.id}: history`).toEqual(expectedHistory);
  const steps = replayedSteps.map((i) => path.steps[i]!);
  return { transitions: steps.flatMap((s) => s.transitions), guards: steps.flatMap((s) => reachedGuards(adapter, s)) };
}

/**
 * The criterion's targets the API replays did not cover, which must be exactly `unreachable` (the transitions
 * out of a state the API never rests in), after every path ran.
 */
export function assertApiCoverage(file: PathsFile, covered: ReadonlySet<string>, unreachable: readonly string[] = []): void {
  const all = [...new Set(file.paths.flatMap((p) => p.covers))];
  expect(all.filter((t) => !covered.has(t)).sort(), 'targets no API replay reached').toEqual([...unreachable].sort());
}
