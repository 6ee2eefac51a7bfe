import { useEffect, useRef } from 'react';
import { Box, Button, IconButton, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { CATEGORIES } from '@core/benefits/procedures.ts';
import { BENEFIT_RULE_KINDS, RULE_FIELDS, RULE_LEVELS, RULE_PERIODS, ruleFieldName, type BenefitRuleKind } from '@core/benefits/policy-rules.ts';

/** A rule as the grid edits it: every cell as typed. */
export type RuleRow = {
  kind: BenefitRuleKind;
  category: string;
  procedureCode: string;
  percent: string;
  months: string;
  amount: string;
  quantity: string;
  period: string;
  level: string;
};

/** The grid's columns, in order: the contract's names of the rule's fields. */
export const RULE_COLUMNS = ['category', 'procedureCode', 'percent', 'amount', 'quantity', 'period', 'months', 'level'] as const;
type Column = (typeof RULE_COLUMNS)[number];

/** The choices of the columns that are lists; the others are typed. */
const CHOICES: Partial<Record<Column, readonly string[]>> = { category: CATEGORIES, period: RULE_PERIODS, level: RULE_LEVELS };

interface Props {
  rows: RuleRow[];
  onChange: (rows: RuleRow[]) => void;
  /** Problems by `<row>/<field>` (the engine's checks, here or from the server), with their keyword. */
  errors: Record<string, string>;
  disabled?: boolean;
}

export const emptyRule = (): RuleRow => ({ kind: 'COINSURANCE', category: '', procedureCode: '', percent: '', months: '', amount: '', quantity: '', period: '', level: '' });

/** Whether a rule of `kind` uses the column. */
export const usesColumn = (kind: BenefitRuleKind, column: Column) => RULE_FIELDS[kind].some((field) => ruleFieldName(field) === column);

/**
 * The policy's benefit rules as a grid: one row per rule, its kind deciding which cells it uses (research 2.2:
 * a category's coverage, deductible, maximum or waiting months; a code's frequency, exclusion or fixed copay;
 * an age limit for a category or a code). Every cell is a native control with its own label, so Tab and
 * Shift+Tab walk the grid and arrows change a choice; a new row takes the focus.
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
  // An age limit's quantity is the age.
  const columnName = (row: RuleRow, column: Column | 'kind') => (column === 'quantity' && row.kind === 'AGE_LIMIT' ? 'age' : column);
  const cellLabel = (n: number, row: RuleRow, column: Column | 'kind') => t('policies.rules.cell', { n, field: t(`policies.rules.column.${columnName(row, column)}`) });
  const problem = (index: number, field: string) => errors[`${index}/${field}`];
  const messageOf = (keyword: string) => t(intl.messages[`policies.rules.error.${keyword}`] ? `policies.rules.error.${keyword}` : 'policies.rules.error.benefitRule');
  const errorId = (index: number, column: string) => `rule-${index}-${column}-error`;
  const invalid = (index: number, column: Column) => ({
    'aria-invalid': Boolean(problem(index, column)),
    'aria-describedby': problem(index, column) ? errorId(index, column) : undefined,
  });

  const cell = (index: number, row: RuleRow, column: Column) => {
    if (!usesColumn(row.kind, column)) {
      return (
        <Text color="fg.muted" aria-hidden>
          —
        </Text>
      );
    }
    const choices = CHOICES[column];
    if (choices) {
      const optionId = (value: string) => `policies.rules.${column}.${value}`;
      return (
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field aria-label={cellLabel(index + 1, row, column)} {...invalid(index, column)} value={row[column]} onChange={(e) => set(index, column, e.currentTarget.value)}>
            <option value="">{t('form.choose')}</option>
            {choices.map((value) => (
              <option key={value} value={value}>
                {t(optionId(value))}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    }
    const code = column === 'procedureCode';
    return (
      <Input
        size="sm"
        dir="ltr"
        disabled={disabled}
        inputMode={code ? undefined : column === 'amount' ? 'decimal' : 'numeric'}
        aria-label={cellLabel(index + 1, row, column)}
        {...invalid(index, column)}
        value={row[column]}
        maxLength={code ? 5 : column === 'amount' ? 14 : 3}
        placeholder={code ? 'D0000' : undefined}
        onChange={(e) => set(index, column, e.currentTarget.value)}
      />
    );
  };

  const errorsOf = (index: number, row: RuleRow) =>
    (['kind', ...RULE_COLUMNS] as const)
      .filter((column) => problem(index, column))
      .map((column) => (
        <Text key={column} id={errorId(index, column)} color={{ base: 'red.700', _dark: 'fg.error' }} fontSize="sm" whiteSpace="normal">
          <bdi>{`${t(`policies.rules.column.${columnName(row, column)}`)}: ${messageOf(column === 'amount' && problem(index, column) === 'pattern' ? 'amount' : problem(index, column)!)}`}</bdi>
        </Text>
      ));

  // Each cell's content has its width, so a long error under the kind wraps instead of widening the grid; the grid scrolls sideways in a narrow dialog.
  const width: Record<Column | 'kind', string> = { kind: '48', category: '40', procedureCode: '24', percent: '16', amount: '28', quantity: '20', period: '56', months: '16', level: '32' };

  return (
    <Stack gap="3">
      {rows.length === 0 && <Text color="fg.muted">{t('policies.rules.none')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root ref={table} size="sm" data-testid="benefit-rules">
            <Table.Caption srOnly>{t('policies.rules.title')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {(['kind', ...RULE_COLUMNS] as const).map((column) => (
                  <Table.ColumnHeader key={column}>{t(`policies.rules.column.${column}`)}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>
                  <Text srOnly>{t('common.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={index} data-rule={index} verticalAlign="top">
                  <Table.Cell>
                    <Box w={width.kind}>
                      <NativeSelect.Root size="sm" disabled={disabled}>
                        <NativeSelect.Field aria-label={cellLabel(index + 1, row, 'kind')} value={row.kind} onChange={(e) => set(index, 'kind', e.currentTarget.value)}>
                          {BENEFIT_RULE_KINDS.map((kind) => (
                            <option key={kind} value={kind}>
                              {t(`policies.rules.kind.${kind}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      {errorsOf(index, row)}
                    </Box>
                  </Table.Cell>
                  {RULE_COLUMNS.map((column) => (
                    <Table.Cell key={column}>
                      <Box w={width[column]}>{cell(index, row, column)}</Box>
                    </Table.Cell>
                  ))}
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
