import { useState, type ReactNode } from 'react';
import { Badge, Field, HStack, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { money, readMoneyInput } from '../../../components/format/money.ts';
import type { Reimbursement, ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { useReasonText } from '../../../api/resources/settings.ts';
import { ReasonCodeField } from './ReasonCodeField.tsx';

type Decision = 'APPROVE' | 'REDUCE' | 'REJECT';
const DECISIONS: Decision[] = ['APPROVE', 'REDUCE', 'REJECT'];
interface LineChoice {
  decision: Decision;
  amount: string;
  reasonCode: string;
}
export type LineDecision = NonNullable<ReimbursementEventBody['lines']>[number];
type Line = Reimbursement['lines'][number];

/** A line the annual or lifetime maximum alone left at 0 is still the reviewer's: reductions elsewhere give it room. */
const decidable = (line: Line) => line.status !== 'REJECTED' || line.reason === '30' || line.reason === '31';
/** What the line pays before the maximum shares its room among the lines: a reduction goes below it. */
const beforeMaximum = (line: Line) => (line.coveredCents ?? 0) + (line.excessCents ?? 0);

interface Options {
  /** The medical review asks a reason for every change, a reduction's too; the approval only for a rejection. */
  reasonForEveryChange: boolean;
  /** Lines decided elsewhere (the medical review's): shown with that note, not decided again. */
  fixed?: ReadonlyMap<number, string>;
}

/**
 * Line-by-line decisions shared by the approval and the medical review: each line kept as the engine pays it,
 * reduced (to less than it pays before the maximum) or rejected (with a catalog reason).
 */
export function useLineChoices(record: Reimbursement, { reasonForEveryChange, fixed = new Map() }: Options) {
  const intl = useIntl();
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const open = record.lines.filter((line) => decidable(line) && !fixed.has(line.id));
  const choiceOf = (id: number): LineChoice => choices[id] ?? { decision: 'APPROVE', amount: '', reasonCode: '' };
  const change = (id: number, changes: Partial<LineChoice>) => setChoices((all) => ({ ...all, [id]: { ...choiceOf(id), ...changes } }));
  const problem = (line: Line) => {
    const choice = choiceOf(line.id);
    if (choice.decision !== 'APPROVE' && !choice.reasonCode && (reasonForEveryChange || choice.decision === 'REJECT')) return 'reason';
    if (choice.decision !== 'REDUCE') return null;
    const read = readMoneyInput(choice.amount, record.currency, intl.locale);
    if ('problem' in read) return read.problem === 'currencyDecimals' ? 'decimals' : 'amount';
    return read.minor >= beforeMaximum(line) ? 'amount' : null;
  };
  /** The changed lines as the event carries them (kept lines are left out). */
  const decisions = (): LineDecision[] =>
    open.flatMap((line): LineDecision[] => {
      const choice = choiceOf(line.id);
      if (choice.decision === 'REJECT') return [{ lineId: line.id, decision: 'REJECT', reasonCode: choice.reasonCode }];
      if (choice.decision !== 'REDUCE') return [];
      const amountCents = (readMoneyInput(choice.amount, record.currency, intl.locale) as { minor: number }).minor;
      return [{ lineId: line.id, decision: 'REDUCE', amountCents, ...(choice.reasonCode ? { reasonCode: choice.reasonCode } : {}) }];
    });
  return { open, fixed, reasonForEveryChange, choiceOf, change, problem, decisions, invalid: () => open.some((line) => problem(line) !== null) };
}

type Choices = ReturnType<typeof useLineChoices>;

/** The lines with their decision controls; `keepLabel` names the first choice ("Aprobar", or "Sin cambio" in a review). */
export function LineChoiceList({ record, choices, tried, keepLabel }: { record: Reimbursement; choices: Choices; tried: boolean; keepLabel: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const reasonText = useReasonText();
  const label = (decision: Decision) => (decision === 'APPROVE' ? keepLabel : t(`reimbursements.approval.decision.${decision}`));
  return (
    <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" data-testid="lines">
      {record.lines.map((line, index) => {
        const choice = choices.choiceOf(line.id);
        const wrong = tried ? choices.problem(line) : null;
        const name = t('reimbursements.approval.line', { n: index + 1, code: line.procedureCode });
        let body: ReactNode;
        if (choices.fixed.has(line.id)) {
          body = <Text fontSize="sm" data-testid="fixed-by-review"><bdi>{choices.fixed.get(line.id)}</bdi></Text>;
        } else if (!decidable(line)) {
          body = (
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="red" variant="subtle">{t('reimbursements.approval.automatic')}</Badge>
              {line.reason && <Text fontSize="sm"><bdi>{reasonText(line.reason)}</bdi></Text>}
            </HStack>
          );
        } else {
          body = (
            <>
              {line.reason && <Text fontSize="sm" color="fg.muted"><bdi>{reasonText(line.reason)}</bdi></Text>}
              <SegmentGroup.Root
                size="sm"
                value={choice.decision}
                aria-label={t('reimbursements.approval.decisionFor', { line: name })}
                onValueChange={(e) => choices.change(line.id, { decision: (e.value ?? 'APPROVE') as Decision })}
              >
                <SegmentGroup.Indicator />
                <SegmentGroup.Items items={DECISIONS.map((decision) => ({ value: decision, label: label(decision) }))} />
              </SegmentGroup.Root>
              {choice.decision === 'REDUCE' && (
                <Field.Root required invalid={wrong === 'amount' || wrong === 'decimals'}>
                  <Field.Label>
                    {t('reimbursements.approval.amount', { currency: record.currency })}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input inputMode="decimal" dir="ltr" maxW="12rem" value={choice.amount} onChange={(e) => choices.change(line.id, { amount: e.currentTarget.value })} />
                  <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                    {wrong === 'decimals'
                      ? t('form.rule.currencyDecimals', { label: t('reimbursements.approval.amount', { currency: record.currency }) })
                      : t('reimbursements.approval.amountInvalid', { covered: money(intl, beforeMaximum(line), record.currency) })}
                  </Field.ErrorText>
                </Field.Root>
              )}
              {choice.decision !== 'APPROVE' && (
                <ReasonCodeField
                  value={choice.reasonCode}
                  onChange={(reasonCode) => choices.change(line.id, { reasonCode })}
                  required={choice.decision === 'REJECT' || choices.reasonForEveryChange}
                  invalid={wrong === 'reason'}
                  reduction={choice.decision === 'REDUCE'}
                />
              )}
            </>
          );
        }
        return (
          <Stack as="li" key={line.id} gap="2" borderWidth="1px" borderRadius="md" p="3" data-status={line.status} data-decision={choice.decision} aria-label={name}>
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Text fontWeight="medium">
                <bdi>{[name, line.tooth, line.surfaces].filter(Boolean).join(' · ')}</bdi>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <bdi>
                  {t('reimbursements.approval.figures', {
                    charged: money(intl, line.chargedCents, record.currency),
                    covered: money(intl, line.coveredCents ?? 0, record.currency),
                  })}
                </bdi>
              </Text>
            </HStack>
            {body}
          </Stack>
        );
      })}
    </Stack>
  );
}
