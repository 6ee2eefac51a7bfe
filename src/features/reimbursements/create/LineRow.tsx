import { useState, type KeyboardEvent, type RefObject } from 'react';
import { Box, Button, Field, Grid, HStack, IconButton, Input } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { moneyInput, parseMoneyInput } from '../../../components/format/money.ts';
import type { FlowLine } from '../../../machines/reimbursement-flow.machine.ts';
import type { ProcedureCode } from '../../../api/resources/reimbursements.ts';
import { ToothChart } from './ToothChart.tsx';
import { DateField } from '../../../components/form/DateField.tsx';

const SURFACES = ['M', 'O', 'D', 'B', 'L'] as const;

interface Props {
  line: FlowLine;
  index: number;
  currency: string;
  codes: Map<string, ProcedureCode>;
  codeListId: string;
  codeRef?: RefObject<HTMLInputElement | null>;
  onChange: (changes: Partial<Omit<FlowLine, 'key'>>) => void;
  onRemove: () => void;
  /** Enter in the last field: the screen adds the next line and moves there. */
  onEnter: () => void;
}

/**
 * One procedure line, typed from the keyboard: the code with suggestions from the catalog (its name shown under
 * it), the FDI tooth (or picked on the chart) and its surfaces, date, quantity and amount; Enter goes on to the
 * next line.
 */
export function LineRow({ line, index, currency, codes, codeListId, codeRef, onChange, onRemove, onEnter }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [amount, setAmount] = useState(line.chargedCents ? moneyInput(line.chargedCents, currency, intl.locale) : '');
  const code = codes.get(line.procedureCode);
  const lineLabel = t('reimbursements.lines.lineN', { n: index + 1 });
  const enter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };
  const toggleSurface = (surface: string) => {
    const chosen = new Set(line.surfaces.split(''));
    if (chosen.has(surface)) chosen.delete(surface);
    else chosen.add(surface);
    onChange({ surfaces: SURFACES.filter((s) => chosen.has(s)).join('') });
  };
  const toothInvalid = line.requiresTooth && line.tooth === '';
  const unknownCode = line.procedureCode !== '' && !code;

  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" bg="bg.panel" aria-label={lineLabel} data-line={index + 1}>
      <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(9rem, 2fr) minmax(8rem, 1.2fr) minmax(9rem, 1.3fr) minmax(9rem, 1.3fr) minmax(4rem, 0.6fr) minmax(7rem, 1.2fr) auto' }} gap="3" alignItems="start">
        <Field.Root invalid={unknownCode} gridColumn={{ base: 'span 2', lg: 'auto' }}>
          <Field.Label fontSize="xs">{t('reimbursements.lines.code')}</Field.Label>
          <Input
            ref={codeRef}
            size="sm"
            list={codeListId}
            value={line.procedureCode}
            autoComplete="off"
            placeholder="D0120"
            onChange={(e) => {
              const value = e.currentTarget.value.toUpperCase().trim();
              onChange({ procedureCode: value, requiresTooth: codes.get(value)?.requiresTooth ?? false });
            }}
            onKeyDown={enter}
          />
          <Field.HelperText fontSize="xs">
            <bdi>{code ? (code.descriptions?.[intl.locale as 'es'] ?? code.code) : unknownCode ? t('reimbursements.lines.unknownCode') : ' '}</bdi>
          </Field.HelperText>
        </Field.Root>
        <Field.Root invalid={toothInvalid} required={line.requiresTooth}>
          <Field.Label fontSize="xs">
            {t('reimbursements.lines.tooth')}
            <Field.RequiredIndicator />
          </Field.Label>
          <HStack gap="1">
            <Input size="sm" inputMode="numeric" maxLength={2} value={line.tooth} onChange={(e) => onChange({ tooth: e.currentTarget.value.replace(/\D/g, '') })} onKeyDown={enter} />
            <ToothChart value={line.tooth} label={lineLabel} onPick={(tooth) => onChange({ tooth })} />
          </HStack>
          {toothInvalid && <Field.ErrorText fontSize="xs">{t('reimbursements.lines.toothRequired')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="xs" id={`surfaces-${line.key}`}>{t('reimbursements.lines.surfaces')}</Field.Label>
          <HStack gap="1" role="group" aria-labelledby={`surfaces-${line.key}`}>
            {SURFACES.map((surface) => (
              <Button
                key={surface}
                size="xs"
                minW="7"
                px="0"
                variant={line.surfaces.includes(surface) ? 'solid' : 'outline'}
                aria-pressed={line.surfaces.includes(surface)}
                title={t(`reimbursements.surface.${surface}`)}
                aria-label={t(`reimbursements.surface.${surface}`)}
                onClick={() => toggleSurface(surface)}
              >
                {surface}
              </Button>
            ))}
          </HStack>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="xs">{t('reimbursements.lines.serviceDate')}</Field.Label>
          {/* Enter in any of the date's boxes adds a line, as in the other fields. */}
          <Box onKeyDown={enter}>
            <DateField size="sm" value={line.serviceDate} onChange={(iso) => onChange({ serviceDate: iso })} />
          </Box>
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="xs">{t('reimbursements.lines.quantity')}</Field.Label>
          <Input size="sm" type="number" min={1} max={99} value={String(line.quantity)} onChange={(e) => onChange({ quantity: Number(e.currentTarget.value) })} onKeyDown={enter} />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="xs">{t('reimbursements.lines.amount', { currency })}</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setAmount(text);
              onChange({ chargedCents: parseMoneyInput(text, currency, intl.locale) ?? 0 });
            }}
            onKeyDown={enter}
          />
        </Field.Root>
        <IconButton alignSelf="end" size="sm" variant="ghost" colorPalette="red" aria-label={t('reimbursements.lines.remove', { line: lineLabel })} onClick={onRemove}>
          <Trash2 aria-hidden size={16} />
        </IconButton>
      </Grid>
    </Box>
  );
}
