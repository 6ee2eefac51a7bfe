import { useEffect, useRef } from 'react';
import { Button, IconButton, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { CATEGORIES } from '../../domain/benefits/procedures.ts';
import { BENEFIT_RULE_KINDS, RULE_FIELDS, type BenefitRuleKind } from '../../domain/benefits/policy-rules.ts';

/** A rule as the grid edits it: every cell as typed. */
export type RuleRow = { kind: BenefitRuleKind; category: string; procedureCode: string; percent: string; months: string };

interface Props {
  rows: RuleRow[];
  onChange: (rows: RuleRow[]) => void;
  /** Problems by `<row>/<field>` (the engine's checks, here or from the server), with their keyword. */
  errors: Record<string, string>;
  disabled?: boolean;
}

export const emptyRule = (): RuleRow => ({ kind: 'COINSURANCE', category: '', procedureCode: '', percent: '', months: '' });

/**
 * The policy's benefit rules as a grid: one row per rule, its kind deciding which cells it uses (a category
 * with a percentage or waiting months, or an excluded procedure code). Every cell is a native control with
 * its own label, so Tab and Shift+Tab walk the grid and arrows change a choice; a new row takes the focus.
 */
export function BenefitRulesGrid({ rows, onChange, errors, disabled }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const added = useRef<number | null>(null);
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (added.current === null) return;
    table.current?.querySelector<HTMLSelectElement>(`[data-rule="${added.current}"] select`)?.focus();
    added.current = null;
  }, [rows.length]);
  const set = (index: number, field: keyof RuleRow, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const uses = (row: RuleRow, field: keyof RuleRow) => (RULE_FIELDS[row.kind] as readonly string[]).includes(field);
  const cellLabel = (n: number, field: string) => t('policies.rules.cell', { n, field: t(`policies.rules.column.${field}`) });
  const problem = (index: number, field: string) => errors[`${index}/${field}`];
  const messageOf = (keyword: string) => t(intl.messages[`policies.rules.error.${keyword}`] ? `policies.rules.error.${keyword}` : 'policies.rules.error.benefitRule');

  const text = (index: number, field: 'procedureCode' | 'percent' | 'months', row: RuleRow) =>
    uses(row, field) ? (
      <Input
        size="sm"
        dir="ltr"
        inputMode={field === 'procedureCode' ? undefined : 'numeric'}
        aria-label={cellLabel(index + 1, field)}
        aria-invalid={Boolean(problem(index, field))}
        aria-describedby={problem(index, field) ? `rule-${index}-${field}-error` : undefined}
        value={row[field]}
        maxLength={field === 'procedureCode' ? 5 : 3}
        placeholder={field === 'procedureCode' ? 'D0000' : undefined}
        onChange={(e) => set(index, field, e.currentTarget.value)}
      />
    ) : (
      <Text color="fg.muted" aria-hidden>
        —
      </Text>
    );

  const errorsOf = (index: number) =>
    (['kind', 'category', 'procedureCode', 'percent', 'months'] as const)
      .filter((field) => problem(index, field))
      .map((field) => (
        <Text key={field} id={`rule-${index}-${field}-error`} color={{ base: 'red.700', _dark: 'fg.error' }} fontSize="sm">
          <bdi>{`${t(`policies.rules.column.${field}`)}: ${messageOf(problem(index, field)!)}`}</bdi>
        </Text>
      ));

  return (
    <Stack gap="3">
      {rows.length === 0 && <Text color="fg.muted">{t('policies.rules.none')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root ref={table} size="sm" data-testid="benefit-rules">
            <Table.Caption srOnly>{t('policies.rules.title')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {['kind', 'category', 'procedureCode', 'percent', 'months'].map((field) => (
                  <Table.ColumnHeader key={field}>{t(`policies.rules.column.${field}`)}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <Text srOnly>{t('common.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={index} data-rule={index} verticalAlign="top">
                  <Table.Cell minW="40">
                    <NativeSelect.Root size="sm" disabled={disabled}>
                      <NativeSelect.Field aria-label={cellLabel(index + 1, 'kind')} value={row.kind} onChange={(e) => set(index, 'kind', e.currentTarget.value)}>
                        {BENEFIT_RULE_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {t(`policies.rules.kind.${kind}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {errorsOf(index)}
                  </Table.Cell>
                  <Table.Cell minW="36">
                    {uses(row, 'category') ? (
                      <NativeSelect.Root size="sm" disabled={disabled}>
                        <NativeSelect.Field
                          aria-label={cellLabel(index + 1, 'category')}
                          aria-invalid={Boolean(problem(index, 'category'))}
                          value={row.category}
                          onChange={(e) => set(index, 'category', e.currentTarget.value)}
                        >
                          <option value="">{t('form.choose')}</option>
                          {CATEGORIES.map((category) => (
                            <option key={category} value={category}>
                              {t(`policies.rules.category.${category}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    ) : (
                      <Text color="fg.muted" aria-hidden>
                        —
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell minW="24">{text(index, 'procedureCode', row)}</Table.Cell>
                  <Table.Cell minW="20">{text(index, 'percent', row)}</Table.Cell>
                  <Table.Cell minW="20">{text(index, 'months', row)}</Table.Cell>
                  <Table.Cell>
                    <IconButton size="sm" variant="ghost" colorPalette="red" disabled={disabled} aria-label={t('policies.rules.remove', { n: index + 1 })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                      <Trash2 aria-hidden />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Button
        type="button"
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={disabled}
        onClick={() => {
          added.current = rows.length;
          onChange([...rows, emptyRule()]);
        }}
      >
        <Plus aria-hidden size={16} />
        {t('policies.rules.add')}
      </Button>
    </Stack>
  );
}
