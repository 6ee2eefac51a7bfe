import type { AnyStateMachine } from 'xstate';
import { appGuardDescriptions, appMachine } from './app.machine.ts';
import { orthodonticInstallmentGuardRules, orthodonticInstallmentMachine } from './orthodontic-installment.machine.ts';
import { orthodonticPlanGuardRules, orthodonticPlanMachine } from './orthodontic-plan.machine.ts';
import { preferencesGuardDescriptions, preferencesMachine } from './preferences.machine.ts';
import { reimbursementGuardRules, reimbursementMachine } from './reimbursement.machine.ts';
import { verificationGuardRules, verificationMachine } from './verification.machine.ts';

/** A guard's one-line description in both languages, and the rule code the API answers when it refuses. */
export interface GuardText {
  es: string;
  en: string;
  rule?: string;
}

export interface RegisteredMachine {
  /** File stem under src/machines and name of the exported diagrams. */
  name: string;
  machine: AnyStateMachine;
  guards: Record<string, GuardText>;
  /** Workflow machines must be covered at 100 % of their transitions. */
  kind: 'session' | 'preferences' | 'workflow';
}

// The session machines' guard descriptions are English only; their Spanish lines live here.
const APP_GUARDS_ES: Record<keyof typeof appGuardDescriptions, string> = {
  hasStoredToken: 'Hay un token de sesión guardado en el navegador.',
  tokenReturned: 'El servidor respondió con un token de sesión no vacío.',
};
const PREFERENCES_GUARDS_ES: Record<keyof typeof preferencesGuardDescriptions, string> = {
  isKnownLocale: 'El idioma es uno de es, en, fr, zh, ja.',
  isHexColor: 'El color es un valor #rrggbb.',
};
const bilingual = <K extends string>(en: Record<K, string>, es: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(en).map(([k, v]) => [k, { en: v, es: es[k as K] }])) as Record<K, GuardText>;

/** Every machine of the project, for diagrams, test paths and coverage. */
export const MACHINES: RegisteredMachine[] = [
  { name: 'app', machine: appMachine, guards: bilingual(appGuardDescriptions, APP_GUARDS_ES), kind: 'session' },
  { name: 'preferences', machine: preferencesMachine, guards: bilingual(preferencesGuardDescriptions, PREFERENCES_GUARDS_ES), kind: 'preferences' },
  { name: 'verification', machine: verificationMachine, guards: verificationGuardRules, kind: 'workflow' },
  { name: 'reimbursement', machine: reimbursementMachine, guards: reimbursementGuardRules, kind: 'workflow' },
  { name: 'orthodontic-plan', machine: orthodonticPlanMachine, guards: orthodonticPlanGuardRules, kind: 'workflow' },
  { name: 'orthodontic-installment', machine: orthodonticInstallmentMachine, guards: orthodonticInstallmentGuardRules, kind: 'workflow' },
];
