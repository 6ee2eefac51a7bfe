import { useEffect, useState } from 'react';
import { NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { defaultValue, settingDefaultsQuery } from '../../api/resources/settings.ts';
import { notifier } from '../../components/feedback/toaster.tsx';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { emptyFormValues, toFormValues, toPayload, type FieldSpec, type FormValues } from '../../components/form/field-spec.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { addDays, addMonths } from '@core/benefits/dates.ts';
import { NEUTRAL_TERMS, policyRuleProblems, type PolicyBenefitRule } from '@core/benefits/policy-rules.ts';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';
import { useSavePolicy, type Policy } from '../../api/resources/policies.ts';
import { BenefitRulesGrid, RULE_COLUMNS, usesColumn, type RuleRow } from './BenefitRulesGrid.tsx';
import { POLICY_FIELDS } from './fields.tsx';
import { policyErrorText } from './policy-errors.ts';

const CONTRACT = ['number', 'kind', 'planName', 'modality', 'issuedOn', 'startsOn', 'endsOn', 'benefitYear', 'maxBeneficiaries'] as const;
const LIMITS = ['annualMaximum', 'deductible', 'familyDeductible', 'deductibleAppliesToPreventive'] as const;
const ORTHO = ['orthoIncluded', 'orthoPercent', 'orthoLifetimeMaximum', 'orthoAgeLimit'] as const;
const NAMES = ['insurerId', 'contractingCompany', ...CONTRACT, ...LIMITS, ...ORTHO] as const;
type Name = (typeof NAMES)[number];

interface Props {
  holderId: number;
  /** The policy to edit; absent to create one. */
  policy?: Policy;
  today: string;
  onClose: () => void;
}

const rowsOf = (policy?: Policy): RuleRow[] =>
  (policy?.benefitRules ?? []).map((r) => ({
    kind: r.kind,
    category: r.category ?? '',
    procedureCode: r.procedureCode ?? '',
    percent: r.percent?.toString() ?? '',
    months: r.months?.toString() ?? '',
    amount: r.amount ?? '',
    quantity: r.quantity?.toString() ?? '',
    period: r.period ?? '',
    level: r.level ?? '',
  }));

/** A typed cell as the contract's value: blank is none, a number stays text when it is not one (the contract then names it). */
const cell = (text: string) => (text.trim() === '' ? null : text.trim());
const numberCell = (text: string) => {
  const value = cell(text);
  return value !== null && /^\d+$/.test(value) ? Number(value) : value;
};
/** The rows as the contract takes them, each with only the cells its kind uses. */
/** The contract's pattern of an amount (decimals beyond the currency's are the server's to refuse). */
const AMOUNT = /^\d{1,10}(\.\d{1,3})?$/;

const rulesPayload = (rows: RuleRow[]) =>
  rows.map((row) => {
    const used = <T,>(column: (typeof RULE_COLUMNS)[number], value: T) => (usesColumn(row.kind, column) ? value : null);
    return {
      kind: row.kind,
      category: used('category', cell(row.category)),
      procedureCode: used('procedureCode', cell(row.procedureCode)?.toUpperCase() ?? null),
      percent: used('percent', numberCell(row.percent)),
      months: used('months', numberCell(row.months)),
      amount: used('amount', cell(row.amount)?.replace(',', '.') ?? null),
      quantity: used('quantity', numberCell(row.quantity)),
      period: used('period', cell(row.period)),
      level: used('level', cell(row.level)),
    };
  });

/** The policy's create or edit form in a dialog: its terms, checked by the contract, and its benefit rules, checked by the engine's rules. */
export function PolicyDialog({ holderId, policy, today, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const save = useSavePolicy(holderId);
  const { data: insurers = [] } = useQuery(insurerChoicesQuery());
  const [rules, setRules] = useState<RuleRow[]>(() => rowsOf(policy));
  const [ruleErrors, setRuleErrors] = useState<Record<string, string>>({});
  const termsOf = (values: FormValues) => {
    const body = toPayload(POLICY_FIELDS, NAMES, values);
    // Only a group policy names the company that contracts it (research 2.2); the field is hidden for the others.
    const contractingCompany = values.kind === 'GROUP' ? body.contractingCompany : null;
    return { ...body, contractingCompany, insurerId: values.insurerId ? Number(values.insurerId) : undefined };
  };
  const form = useForm<FormValues>({
    resolver: contractResolver(policy ? 'PolicyUpdate' : 'PolicyInput', (values: FormValues) => ({
      ...termsOf(values),
      benefitRules: [],
      ...(policy ? { version: policy.version } : { policyholderId: holderId }),
    })),
    defaultValues: policy
      ? toFormValues(POLICY_FIELDS, NAMES, policy as unknown as Record<string, unknown>)
      : { ...emptyFormValues(POLICY_FIELDS, NAMES), benefitYear: 'CALENDAR', issuedOn: today, startsOn: today, endsOn: addDays(addMonths(today, 12), -1) },
  });
  const group = useWatch({ control: form.control, name: 'kind' }) === 'GROUP';

  // A new policy starts from the number of beneficiaries Configuraciones holds (the server takes it too when left blank).
  const { data: defaults } = useQuery({ ...settingDefaultsQuery(), enabled: !policy });
  useEffect(() => {
    const max = defaultValue(defaults, 'policy.maxBeneficiaries');
    if (!policy && max !== undefined && !form.getFieldState('maxBeneficiaries').isDirty) form.resetField('maxBeneficiaries', { defaultValue: String(max) });
  }, [defaults, policy, form]);

  /** The grid's rows as the engine checks them; the cells the contract would refuse are said first. */
  const checkRules = (payload: ReturnType<typeof rulesPayload>): Record<string, string> => {
    const found: Record<string, string> = {};
    payload.forEach((rule, n) => {
      if (rule.procedureCode !== null && !/^D\d{4}$/.test(rule.procedureCode)) found[`${n}/procedureCode`] = 'pattern';
      if (rule.percent !== null && (typeof rule.percent !== 'number' || rule.percent > 100)) found[`${n}/percent`] = 'range';
      if (rule.months !== null && (typeof rule.months !== 'number' || rule.months > 120)) found[`${n}/months`] = 'range';
      if (rule.quantity !== null && (typeof rule.quantity !== 'number' || rule.quantity > 150)) found[`${n}/quantity`] = 'range';
      if (rule.amount !== null && !AMOUNT.test(rule.amount)) found[`${n}/amount`] = 'amount';
    });
    if (Object.keys(found).length) return found;
    // The amount's minor units depend on the insurer's currency, which the server applies: here it is only known to be given.
    const rules = payload.map(({ amount, ...rule }) => ({ ...rule, amountCents: amount === null ? null : 0 })) as PolicyBenefitRule[];
    for (const problem of policyRuleProblems(NEUTRAL_TERMS, rules)) {
      const [, n, field] = problem.path.split('/');
      if (n !== undefined && field) found[`${n}/${field}`] ??= problem.keyword;
    }
    return found;
  };

  const submit = form.handleSubmit((values) => {
    const benefitRules = rulesPayload(rules);
    const problems = checkRules(benefitRules);
    setRuleErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: policy?.id, version: policy?.version, body: { ...(termsOf(values) as Record<string, unknown>), benefitRules } as never },
      {
        onSuccess: () => {
          notifier.create({ type: 'success', title: t(policy ? 'common.saved' : 'common.created') });
          onClose();
        },
        onError: (error) => {
          const server: Record<string, string> = {};
          if (error instanceof ApiError) {
            for (const e of error.problem.errors ?? []) {
              const match = /^body\/benefitRules\/(\d+)\/(\w+)$/.exec(e.path);
              if (match) server[`${match[1]}/${match[2]}`] = e.keyword;
            }
          }
          setRuleErrors(server);
          if (!applyServerErrors(error, NAMES, form.setError) && !Object.keys(server).length) notifier.create({ type: 'error', title: policyErrorText(intl, error) });
        },
      },
    );
  });

  const field = (name: Name) => <FieldInput key={name} resource="policies" name={name} spec={POLICY_FIELDS[name] as FieldSpec} form={form} />;
  const part = (titleId: string, names: readonly Name[]) => (
    <Stack as="fieldset" gap="3" minW="0">
      <Text as="legend" fontWeight="semibold" mb="2">
        {t(titleId)}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {names.map(field)}
      </SimpleGrid>
    </Stack>
  );

  return (
    <FormDialog
      title={policy ? intl.formatMessage({ id: 'policies.edit' }, { number: policy.number }) : t('policies.new')}
      submitLabel={t('common.save')}
      busy={save.isPending}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      testId="policy-form"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="6">
        <Stack as="fieldset" gap="3" minW="0">
          <Text as="legend" fontWeight="semibold" mb="2">
            {t('policies.section.contract')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Controller
              control={form.control}
              name="insurerId"
              render={({ field: insurer, fieldState }) => (
                <FormField label={t('policies.field.insurerId')} required choice error={fieldState.error as { type: string; message?: string } | undefined}>
                  <NativeSelect.Root>
                    <NativeSelect.Field name={insurer.name} ref={insurer.ref} onBlur={insurer.onBlur} value={String(insurer.value ?? '')} onChange={(e) => insurer.onChange(e.currentTarget.value)}>
                      <option value="">{t('form.choose')}</option>
                      {insurers
                        .filter((choice) => choice.active || choice.value === String(policy?.insurerId))
                        .map((choice) => (
                          <option key={choice.value} value={choice.value}>
                            {choice.label}
                          </option>
                        ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
            />
            {CONTRACT.map(field)}
            {group && field('contractingCompany')}
          </SimpleGrid>
        </Stack>
        {part('policies.section.limits', LIMITS)}
        {part('policies.section.ortho', ORTHO)}
        <Stack as="fieldset" gap="3" minW="0">
          <Text as="legend" fontWeight="semibold" mb="2">
            {t('policies.rules.title')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('policies.rules.help')}
          </Text>
          <BenefitRulesGrid rows={rules} onChange={setRules} errors={ruleErrors} />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
