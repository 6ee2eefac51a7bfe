import type { ReactNode } from 'react';
import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { moneyInput, parseMoneyInput, readMoneyInput } from '../../components/format/money.ts';
import type { InstallmentFrequency } from '@core/benefits/rules.ts';
import { orthodontistsQuery } from '../../api/resources/doctors.ts';
import { type Plan, type PlanInput } from '../../api/resources/orthodontic-plans.ts';
import type { ScheduleTerms } from './schedule.ts';

// The contract's treatment codes (research 2.7), comprehensive banding first.
export const TREATMENT_CODES = ['D8080', 'D8090', 'D8070', 'D8010', 'D8020', 'D8030', 'D8040'] as const satisfies readonly PlanInput['treatmentCode'][];
export const FREQUENCIES = ['MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'ANNUAL'] as const satisfies readonly InstallmentFrequency[];

/** The terms as typed: text, so a half-typed amount is kept as it is. */
export interface TermsDraft {
  doctorId: string;
  treatmentCode: string;
  fee: string;
  months: string;
  initialPercent: string;
  frequency: string;
  firstDelayDays: string;
}

export const emptyTerms: TermsDraft = { doctorId: '', treatmentCode: 'D8080', fee: '', months: '', initialPercent: '', frequency: '', firstDelayDays: '' };

export const termsOf = (plan: Plan, locale = 'en'): TermsDraft => ({
  doctorId: String(plan.doctorId),
  treatmentCode: plan.treatmentCode,
  fee: moneyInput(plan.feeCents, plan.currency, locale),
  months: String(plan.months),
  initialPercent: String(plan.initialPercent),
  frequency: plan.frequency,
  firstDelayDays: String(plan.firstDelayDays),
});

const integer = (text: string, min: number, max: number) => (/^\d{1,9}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? Number(text) : null);

/** The draft's values, or the names of the fields that are wrong; blank schedule fields are left to the policy when `optional`. */
export function parseTerms(draft: TermsDraft, currency: string, optional: boolean, locale = 'en') {
  const errors = new Set<keyof TermsDraft>();
  const blank = (text: string) => optional && text.trim() === '';
  const fee = parseMoneyInput(draft.fee, currency, locale);
  if (fee === null || fee < 1 || fee > 100_000_000) errors.add('fee');
  if (!/^\d+$/.test(draft.doctorId)) errors.add('doctorId');
  if (!(TREATMENT_CODES as readonly string[]).includes(draft.treatmentCode)) errors.add('treatmentCode');
  const months = blank(draft.months) ? undefined : integer(draft.months, 1, 36);
  if (months === null) errors.add('months');
  const initialPercent = blank(draft.initialPercent) ? undefined : integer(draft.initialPercent, 0, 100);
  if (initialPercent === null) errors.add('initialPercent');
  const frequency = blank(draft.frequency) ? undefined : (FREQUENCIES as readonly string[]).includes(draft.frequency) ? (draft.frequency as InstallmentFrequency) : null;
  if (frequency === null) errors.add('frequency');
  const firstDelayDays = blank(draft.firstDelayDays) ? undefined : integer(draft.firstDelayDays, 0, 3650);
  if (firstDelayDays === null) errors.add('firstDelayDays');
  return {
    errors,
    values: { doctorId: Number(draft.doctorId), treatmentCode: draft.treatmentCode as PlanInput['treatmentCode'], feeCents: fee ?? 0, months, initialPercent, frequency, firstDelayDays },
  };
}

/** Complete terms for the engine's projection, or null while a field is blank or wrong. */
export function scheduleTermsOf(draft: TermsDraft, currency: string, locale = 'en'): ScheduleTerms | null {
  const { errors, values } = parseTerms(draft, currency, false, locale);
  if (errors.has('fee') || errors.has('months') || errors.has('initialPercent') || errors.has('frequency') || errors.has('firstDelayDays')) return null;
  return { feeCents: values.feeCents, months: values.months!, initialPercent: values.initialPercent!, frequency: values.frequency!, firstDelayDays: values.firstDelayDays! };
}

interface Props {
  draft: TermsDraft;
  onChange: (draft: TermsDraft) => void;
  currency: string;
  /** Field names to show as wrong (after a save was tried). */
  errors: Set<keyof TermsDraft>;
  /** On a proposal the schedule fields may stay blank: the policy's rules fill them. */
  policyDefaults?: boolean;
  disabled?: boolean;
}

/** The plan's treatment and schedule terms: orthodontist, treatment code, fee in the insurer's currency, length, initial share, frequency, first delay. */
export function TermsForm({ draft, onChange, currency, errors, policyDefaults = false, disabled = false }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const doctors = useQuery(orthodontistsQuery());
  const set = (name: keyof TermsDraft) => (e: { currentTarget: { value: string } }) => onChange({ ...draft, [name]: e.currentTarget.value });
  // More decimals than the currency has gets the rule's own message, not the generic one.
  const feeRead = readMoneyInput(draft.fee, currency, intl.locale);
  const feeDecimals = 'problem' in feeRead && feeRead.problem === 'currencyDecimals';
  const hint = policyDefaults ? t('orthodonticPlans.terms.policyDefault') : undefined;
  const field = (name: keyof TermsDraft, control: ReactNode, required: boolean, help?: string) => (
    <Field.Root required={required} invalid={errors.has(name)} disabled={disabled}>
      <Field.Label>
        {t(`orthodonticPlans.field.${name}`, { currency })}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      {help && !errors.has(name) && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>
        {name === 'fee' && feeDecimals ? t('form.rule.currencyDecimals', { label: t('orthodonticPlans.field.fee', { currency }) }) : t(`orthodonticPlans.terms.invalid.${name}`)}
      </Field.ErrorText>
    </Field.Root>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {field(
        'doctorId',
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.doctorId} onChange={set('doctorId')}>
            <option value="">{t('orthodonticPlans.terms.chooseDoctor')}</option>
            {(doctors.data?.items ?? []).map((d) => (
              <option key={d.id} value={String(d.id)}>{`${d.lastNames}, ${d.firstNames} · ${d.licenseNumber}`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
        true,
      )}
      {field(
        'treatmentCode',
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.treatmentCode} onChange={set('treatmentCode')}>
            {TREATMENT_CODES.map((code) => (
              <option key={code} value={code}>{`${code} · ${t(`orthodonticPlans.treatment.${code}`)}`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
        true,
      )}
      {field('fee', <Input inputMode="decimal" dir="ltr" value={draft.fee} onChange={set('fee')} />, true)}
      {field('months', <Input inputMode="numeric" dir="ltr" value={draft.months} onChange={set('months')} placeholder={hint} />, !policyDefaults, t('orthodonticPlans.terms.monthsHelp'))}
      {field('initialPercent', <Input inputMode="numeric" dir="ltr" value={draft.initialPercent} onChange={set('initialPercent')} placeholder={hint} />, !policyDefaults, t('orthodonticPlans.terms.initialPercentHelp'))}
      {field(
        'frequency',
        <NativeSelect.Root>
          <NativeSelect.Field value={draft.frequency} onChange={set('frequency')}>
            {policyDefaults && <option value="">{hint}</option>}
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`orthodonticPlans.frequency.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
        !policyDefaults,
      )}
      {field('firstDelayDays', <Input inputMode="numeric" dir="ltr" value={draft.firstDelayDays} onChange={set('firstDelayDays')} placeholder={hint} />, !policyDefaults, t('orthodonticPlans.terms.firstDelayDaysHelp'))}
    </SimpleGrid>
  );
}
