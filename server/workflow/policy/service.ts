import type { components } from '../../../openapi/schema';
import { decimalTextToMinor } from '@core/benefits/currency.ts';
import { normalizeRule, policyRuleProblems, type PolicyBenefitRule } from '@core/benefits/policy-rules.ts';
import { POLICY_EDITABLE_STATES, policyMachine, type PolicyEvent } from '@core/workflows/policy.machine.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { BusinessRuleError, DuplicateValueError, InvalidInputError, StaleVersionError, StateConflictError } from '../../errors.ts';
import { policyMaxBeneficiaries, policyRangeProblems, settingDefaults, type SettingDefaults } from '../../settings/record-defaults.ts';
import type { Actor } from '../shared/actor.ts';
import { auditWorkflow } from '../shared/audit.ts';
import { defineWorkflowService } from '../shared/define-workflow.ts';
import { readHistory } from '../shared/history.ts';
import { policyEffects } from './effects.ts';
import { policyFacts } from './facts.ts';
import { presentPolicy } from './presenter.ts';
import { findPolicy, insertPolicy, pagePolicies, replaceRules, savePolicy, type PolicyColumns, type PolicyFilter, type PolicyRow } from './repository.ts';

type PolicyTerms = components['schemas']['PolicyTerms'];

/** Events the UI may offer, with payloads that pass the event's own checks (the facts decide the rest). */
const probes = (today: string): PolicyEvent[] => [
  { type: 'ACTIVATE' },
  { type: 'SUSPEND', reason: 'x' },
  { type: 'RESUME' },
  // A year past today is after any end the facts could name but one further out; enough to offer RENEW.
  { type: 'RENEW', endsOn: `${Number(today.slice(0, 4)) + 100}${today.slice(4)}` },
  { type: 'CANCEL', reason: 'x' },
];

export const policyWorkflow = defineWorkflowService({
  machine: policyMachine,
  entity: 'policy',
  name: 'policy',
  load: findPolicy,
  facts: policyFacts,
  effects: policyEffects,
  save: (tx, row, changes) => savePolicy(tx, row.id, changes),
  probes,
  present: (row, evaluation) => presentPolicy(row, evaluation),
});

const NUMBER_KEY = 'policies_insurer_id_number_key';
const numberTaken = () => new DuplicateValueError('policy.numberTaken', 'The insurer already has a policy with this number.', [{ path: 'body/number', keyword: 'numberTaken' }]);

const raceOnNumber = (error: unknown): never => {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code === '23505' && pg.constraint === NUMBER_KEY) throw numberTaken();
  throw error;
};

/** Largest rule amount the table keeps, in the currency's minor unit. */
const MAX_RULE_AMOUNT = 2_147_483_647;

const rule = (code: string, detail: string, path: string) => new BusinessRuleError(code, detail, [{ path: `body/${path}`, keyword: code.split('.')[1]! }]);

/**
 * The terms and benefit rules as columns, after the checks the contract cannot make: dates in order, rules
 * the engine accepts, values within the ranges Configuraciones gives their defaults. Left out, the number
 * of beneficiaries is `maxBeneficiaries` (the policy's own on an edit, Configuraciones' on a new one).
 */
function columnsOf(terms: PolicyTerms, currency: string, defaults: SettingDefaults, maxBeneficiaries: number): { columns: PolicyColumns; rules: PolicyBenefitRule[] } {
  // Amounts are in the insurer's currency: its minor unit is what the columns keep (CLP whole pesos, EUR cents).
  const tooPrecise: { path: string; keyword: string }[] = [];
  const minorOf = (field: 'annualMaximum' | 'deductible' | 'familyDeductible' | 'orthoLifetimeMaximum') => {
    const text = terms[field];
    if (text === null || text === undefined) return null;
    const minor = decimalTextToMinor(text, currency);
    if (minor === null) tooPrecise.push({ path: `body/${field}`, keyword: 'currencyDecimals' });
    return minor;
  };
  const rules = (terms.benefitRules ?? []).map((r, n): PolicyBenefitRule => {
    const amountCents = r.amount === null || r.amount === undefined ? null : decimalTextToMinor(r.amount, currency);
    if (r.amount && amountCents === null) tooPrecise.push({ path: `body/benefitRules/${n}/amount`, keyword: 'currencyDecimals' });
    // The column holds a 4-byte integer: a larger amount is refused rather than overflowing it.
    else if (amountCents !== null && amountCents > MAX_RULE_AMOUNT) tooPrecise.push({ path: `body/benefitRules/${n}/amount`, keyword: 'maximum' });
    return {
      kind: r.kind,
      category: r.category ?? null,
      procedureCode: r.procedureCode ?? null,
      percent: r.percent ?? null,
      months: r.months ?? null,
      amountCents: amountCents !== null && amountCents <= MAX_RULE_AMOUNT ? amountCents : null,
      quantity: r.quantity ?? null,
      period: r.period ?? null,
      level: r.level ?? null,
    };
  });
  const columns: PolicyColumns = {
    insurer_id: terms.insurerId,
    number: terms.number.trim(),
    kind: terms.kind,
    plan_name: terms.planName.trim(),
    starts_on: terms.startsOn,
    ends_on: terms.endsOn,
    benefit_year: terms.benefitYear,
    annual_maximum_cents: minorOf('annualMaximum'),
    deductible_cents: minorOf('deductible'),
    family_deductible_cents: minorOf('familyDeductible'),
    max_beneficiaries: terms.maxBeneficiaries ?? maxBeneficiaries,
    ortho_included: terms.orthoIncluded ?? true,
    ortho_percent: terms.orthoPercent ?? null,
    ortho_lifetime_maximum_cents: minorOf('orthoLifetimeMaximum'),
    ortho_age_limit: terms.orthoAgeLimit ?? null,
    modality: terms.modality ?? 'REIMBURSEMENT',
    issued_on: terms.issuedOn,
    contracting_company: terms.contractingCompany?.trim() || null,
    deductible_applies_to_preventive: terms.deductibleAppliesToPreventive ?? false,
  };
  const problems = policyRuleProblems(
    {
      benefitYear: terms.benefitYear,
      annualMaximumCents: columns.annual_maximum_cents!,
      deductibleCents: columns.deductible_cents!,
      familyDeductibleCents: columns.family_deductible_cents!,
      orthoIncluded: columns.ortho_included!,
      orthoPercent: columns.ortho_percent!,
      orthoLifetimeMaximumCents: columns.ortho_lifetime_maximum_cents!,
      orthoAgeLimit: columns.ortho_age_limit!,
      deductibleAppliesToPreventive: columns.deductible_applies_to_preventive!,
    },
    rules,
  ).map((p): { path: string; keyword: string } => ({ path: `body/${p.path}`, keyword: p.keyword }));
  const ranges = policyRangeProblems(
    defaults,
    {
      maxBeneficiaries: columns.max_beneficiaries!,
      orthoPercent: columns.ortho_percent ?? null,
      orthoAgeLimit: columns.ortho_age_limit ?? null,
      annualMaximumCents: columns.annual_maximum_cents ?? null,
      deductibleCents: columns.deductible_cents ?? null,
      familyDeductibleCents: columns.family_deductible_cents ?? null,
      orthoLifetimeMaximumCents: columns.ortho_lifetime_maximum_cents ?? null,
      rules,
    },
    currency,
  );
  // A value the engine refuses is reported once, by the engine's check.
  problems.push(...ranges.filter((r) => !problems.some((p) => p.path === r.path)));
  if (terms.endsOn <= terms.startsOn) problems.unshift({ path: 'body/endsOn', keyword: 'afterStartsOn' });
  if (terms.issuedOn > terms.endsOn) problems.push({ path: 'body/issuedOn', keyword: 'notAfterEndsOn' });
  // An amount the currency refuses is not also reported as missing.
  const reported = [...tooPrecise, ...problems.filter((p) => !tooPrecise.some((t) => t.path === p.path))];
  if (reported.length) throw new InvalidInputError('request.invalid', 'Check the fields marked.', reported);
  return { columns, rules: rules.map(normalizeRule) };
}

/**
 * Research 2.2 and 2.3: a contracting company is named on a group policy (colectiva) only, and a company
 * (persona jurídica) holds group policies only.
 */
async function checkGroupTerms(tx: Queryable, terms: PolicyTerms, holderId: number) {
  if (terms.contractingCompany?.trim() && terms.kind !== 'GROUP') {
    throw rule('policy.contractingCompanyNotGroup', 'Only a group policy names a contracting company.', 'contractingCompany');
  }
  const holder = await tx.kysely.selectFrom('policyholders').select('kind').where('id', '=', holderId).executeTakeFirstOrThrow();
  if (holder.kind === 'COMPANY' && terms.kind !== 'GROUP') throw rule('policy.companyHolderNotGroup', 'A company holds group policies only.', 'kind');
}

/** The insurer's currency, once it is known to take the policy. */
async function checkInsurer(tx: Queryable, insurerId: number, changing: boolean): Promise<string> {
  const insurer = await tx.kysely.selectFrom('insurers').select(['id', 'active', 'currency']).where('id', '=', insurerId).executeTakeFirst();
  if (!insurer) throw rule('policy.insurerUnknown', 'No such insurer.', 'insurerId');
  // Research 2.1: an inactive insurer takes no new policies (its existing ones may still be edited).
  if (!insurer.active && changing) throw rule('policy.insurerInactive', 'The insurer is inactive and takes no new policies.', 'insurerId');
  return insurer.currency.trim();
}

async function checkNumberFree(tx: Queryable, insurerId: number, number: string, exceptId = 0) {
  const other = await tx.kysely.selectFrom('policies').select('id').where('insurer_id', '=', insurerId).where('number', '=', number).where('id', '<>', exceptId).executeTakeFirst();
  if (other) throw numberTaken();
}

export const policyService = {
  present: async (q: Queryable, row: PolicyRow, actor: Actor, today: string) => (await policyWorkflow.present(q, [row], actor, today))[0],

  async list(db: Database, filter: PolicyFilter, actor: Actor, today: string) {
    const page = await pagePolicies(db, filter);
    const { items, total } = await policyWorkflow.list(db, page, actor, today, { q: filter.q ?? null, state: filter.state ?? null, policyholderId: filter.policyholderId ?? null });
    return { items, total, totalIsLowerBound: page.totalIsLowerBound };
  },

  get: policyWorkflow.get,

  /** A new policy is pending until it is activated within its validity. */
  async create(tx: Queryable, input: components['schemas']['PolicyInput'], actor: Actor): Promise<PolicyRow> {
    const holder = await tx.kysely.selectFrom('policyholders').select('id').where('id', '=', input.policyholderId).executeTakeFirst();
    if (!holder) throw rule('policy.policyholderUnknown', 'No such policyholder.', 'policyholderId');
    const defaults = await settingDefaults(tx);
    const { columns, rules } = columnsOf(input, await checkInsurer(tx, input.insurerId, true), defaults, policyMaxBeneficiaries(defaults));
    await checkGroupTerms(tx, input, input.policyholderId);
    await checkNumberFree(tx, input.insurerId, columns.number!);
    const id = await insertPolicy(tx, { ...columns, policyholder_id: input.policyholderId, state: 'pending', stage: 'NEW' }).catch(raceOnNumber);
    await replaceRules(tx, id, rules);
    await auditWorkflow(tx, 'policy', actor, 'CREATE', id, { number: columns.number, insurerId: input.insurerId, benefitRules: rules.length });
    return policyWorkflow.find(tx, id);
  },

  /** Terms and rules change while the policy is in force or suspended; an expired or cancelled one is history. */
  async update(tx: Queryable, id: number, input: components['schemas']['PolicyUpdate'], actor: Actor): Promise<PolicyRow> {
    const current = await policyWorkflow.find(tx, id, true);
    if (current.version !== input.version) throw new StaleVersionError('policy', current.version);
    if (!(POLICY_EDITABLE_STATES as readonly string[]).includes(current.state)) {
      throw new StateConflictError('policy.notEditable', 'An expired or cancelled policy is not edited; renew it first.', [{ path: 'body', keyword: 'notEditable' }]);
    }
    const currency = await checkInsurer(tx, input.insurerId, input.insurerId !== current.insurer_id);
    const { columns, rules } = columnsOf(input, currency, await settingDefaults(tx), current.max_beneficiaries);
    await checkGroupTerms(tx, input, current.policyholder_id);
    await checkNumberFree(tx, input.insurerId, columns.number!, id);
    await savePolicy(tx, id, columns).catch(raceOnNumber);
    await replaceRules(tx, id, rules);
    await auditWorkflow(tx, 'policy', actor, 'UPDATE', id, { version: input.version + 1, benefitRules: rules.length });
    return policyWorkflow.find(tx, id);
  },

  send: policyWorkflow.send,

  async history(db: Queryable, id: number) {
    const row = await policyWorkflow.find(db, id);
    return readHistory(db, 'policy', row.id);
  },
};
