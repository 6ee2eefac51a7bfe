import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ruleDetail } from '../../server/http/rule-detail.ts';
import { MACHINES } from '../../src/machines/registry.ts';
import { actionTextId, eventTextId, guardTextId, refusalTextId, stateTextId, textIdsOf } from '@core/workflows/texts.ts';
import { describeMachine } from '../../scripts/statecharts/describe.ts';
import { ILLEGAL_EVENT, UNKNOWN_REFUSAL } from '@core/workflows/workflow.ts';
import { stateLabel } from '../../src/features/diagrams/StateDetails.tsx';
import type { MachineDescription } from '../../src/statecharts/format.ts';

const LOCALES = ['es', 'en', 'fr', 'zh', 'ja'] as const;
const DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'i18n', 'messages');
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(path.join(DIR, `${l}.json`), 'utf8')) as Record<string, string>]));
const needed = new Set(MACHINES.flatMap((m) => textIdsOf(m.machine)));

describe('statechart texts in the catalogs (ids: core/workflows/texts.ts)', () => {
  it('derive one id per state below the root and per named guard', () => {
    const app = textIdsOf(MACHINES.find((m) => m.name === 'app')!.machine);
    expect(app).toContain('machine.app.state.anonymous.idle');
    expect(app).toContain('machine.app.state.authenticated.sessionExpired.signingIn');
    expect(app).toContain('machine.app.guard.hasStoredToken');
    expect(app).not.toContain('machine.app.state.');
    expect(stateTextId('orthodonticPlan', ['exhausted'])).toBe('machine.orthodonticPlan.state.exhausted');
    expect(guardTextId('reimbursement', 'approverIsNotCreator')).toBe('machine.reimbursement.guard.approverIsNotCreator');
  });

  it('derive one id per event the transitions name and per action of setup({ actions }), as the descriptions name them', () => {
    const app = textIdsOf(MACHINES.find((m) => m.name === 'app')!.machine);
    expect(app).toContain('machine.app.event.SIGN_IN');
    expect(app).toContain('machine.app.event.done.invoke.signIn');
    expect(app).toContain('machine.app.event.error.invoke.logOut');
    expect(app).toContain('machine.app.action.persistSession');
    expect(app.filter((id) => id.includes('.event.always') || id.includes('xstate.'))).toEqual([]);
    expect(eventTextId('reimbursement', 'PAY')).toBe('machine.reimbursement.event.PAY');
    expect(actionTextId('reimbursement', 'postToLedger')).toBe('machine.reimbursement.action.postToLedger');
    for (const registered of MACHINES) {
      const d = describeMachine(registered);
      const ids = textIdsOf(registered.machine);
      const described = new Set(d.transitions.filter((t) => t.kind === 'event' || t.kind === 'done.invoke' || t.kind === 'error.invoke').map((t) => eventTextId(d.id, t.event)));
      expect(ids.filter((id) => id.includes('.event.')).sort(), registered.name).toEqual([...described].sort());
      expect(ids.filter((id) => id.includes('.action.')).sort(), registered.name).toEqual(d.actions.map((a) => actionTextId(d.id, a.name)).sort());
    }
  });

  it('translates every event and action text (fr, zh, ja differ from English; es from English)', () => {
    const texts = [...needed].filter((id) => id.includes('.event.') || id.includes('.action.'));
    expect(texts.length).toBeGreaterThan(150);
    for (const locale of ['es', 'fr', 'zh', 'ja'] as const) expect(texts.filter((id) => catalogs[locale]![id] === catalogs.en![id]), locale).toEqual([]);
    expect(catalogs.es!['machine.reimbursement.event.PAY']).toBe('Pagar');
    expect(catalogs.ja!['machine.verification.event.RECORD_ELIGIBLE']).toBe('対象として記録する');
  });

  it.each(LOCALES)('%s has a one-line text for every state (but the root) and every named guard of every registered machine', (locale) => {
    const problems = [...needed].filter((id) => typeof catalogs[locale]![id] !== 'string' || !/^[^\n]*\S[^\n]*$/.test(catalogs[locale]![id]!));
    expect(problems, `Missing or empty in src/i18n/messages/${locale}.json`).toEqual([]);
    for (const id of [ILLEGAL_EVENT, UNKNOWN_REFUSAL]) expect(catalogs[locale]![id], id).toMatch(/\S/);
  });

  it.each(LOCALES)('%s has no machine text for a machine, state or guard that no longer exists', (locale) => {
    const stale = Object.keys(catalogs[locale]!).filter((id) => id.startsWith('machine.') && !needed.has(id));
    expect(stale, `Stale machine keys in src/i18n/messages/${locale}.json`).toEqual([]);
  });

  it('keeps the texts the machines used to carry, and translates them', () => {
    expect(catalogs.es!['machine.reimbursement.state.partiallyApproved']).toBe('Aprobado parcialmente');
    expect(catalogs.en!['machine.orthodonticPlan.state.exhausted']).toBe('Exhausted');
    expect(catalogs.es!['machine.orthodonticInstallment.state.claimable']).toBe('Por reclamar');
    expect(catalogs.es!['machine.verification.state.verified']).toBe('Verificada');
    expect(catalogs.ja!['machine.verification.state.verified']).toBe('確認済み');
    expect(catalogs.es!['machine.app.guard.tokenReturned']).toBe('El servidor respondió con un token de sesión no vacío.');
    const guards = [...needed].filter((id) => id.includes('.guard.'));
    for (const locale of ['fr', 'zh', 'ja'] as const) expect(guards.filter((id) => catalogs[locale]![id] === catalogs.en![id]), locale).toEqual([]);
  });

  it('the machines carry no texts: no state has a meta label', () => {
    const labelled: string[] = [];
    const visit = (node: { id: string; meta?: unknown; states: Record<string, unknown> }) => {
      if (node.meta && typeof node.meta === 'object' && 'label' in node.meta) labelled.push(node.id);
      Object.values(node.states).forEach((child) => visit(child as typeof node));
    };
    for (const m of MACHINES) visit(m.machine.root as unknown as Parameters<typeof visit>[0]);
    expect(labelled).toEqual([]);
  });
});

describe('the API refusal texts (server/http/rule-detail.ts)', () => {
  it('every rule code of every workflow machine reads its guard’s English catalog text', () => {
    for (const { machine, rules } of MACHINES) {
      for (const [guard, { rule }] of Object.entries(rules)) {
        expect(refusalTextId(rule), rule).toBe(guardTextId(machine.id, guard));
        expect(ruleDetail(rule), rule).toBe(catalogs.en![guardTextId(machine.id, guard)]);
      }
    }
    expect(ruleDetail('reimbursement.approverIsCreator')).toBe('The reimbursement’s creator cannot approve it (separation of duties).');
  });

  it('an illegal event and an unknown code read the generic texts', () => {
    expect(ruleDetail(ILLEGAL_EVENT)).toBe('This event is not allowed in the current state.');
    expect(ruleDetail('reimbursement.noSuchRule')).toBe('The workflow refused the event.');
  });
});

describe('the Diagramas area', () => {
  const description = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'diagrams', 'verification.json'), 'utf8')) as MachineDescription;
  const verified = description.states.find((s) => s.id === 'verification.verified')!;

  it('labels a state with its catalog entry in the user’s language, else with its key', () => {
    expect(verified.labelId).toBe('machine.verification.state.verified');
    for (const locale of LOCALES) expect(stateLabel(createIntl({ locale, messages: catalogs[locale]! }), verified)).toBe(catalogs[locale]![verified.labelId!]);
    const fr = createIntl({ locale: 'fr', messages: catalogs.fr! });
    expect(stateLabel(fr, { ...verified, labelId: 'machine.verification.state.gone' })).toBe('verified');
    expect(stateLabel(fr, undefined)).toBe('');
  });
});
