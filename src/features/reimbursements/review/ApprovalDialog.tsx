import { useState } from 'react';
import { Badge, Field, HStack, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
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
type LineDecision = NonNullable<ReimbursementEventBody['lines']>[number];
type Line = Reimbursement['lines'][number];

/** A line the annual or lifetime maximum alone left at 0 is still the reviewer's: reductions elsewhere give it room. */
const decidable = (line: Line) => line.status !== 'REJECTED' || line.reason === '30' || line.reason === '31';
/** What the line pays before the maximum shares its room among the lines: a reduction goes below it. */
const beforeMaximum = (line: Line) => (line.coveredCents ?? 0) + (line.excessCents ?? 0);

interface Props {
  record: Reimbursement;
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/**
 * The analyst's approval, line by line: each line pays what the engine covers unless it is reduced (to less than
 * it pays before the maximum, with a reason if wanted) or rejected (with a catalog reason). Lines the automatic
 * check rejected stay so, except those the maximum alone cut. Any reduction or rejection makes the approval partial.
 */
export function ApprovalDialog({ record, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const reasonText = useReasonText();
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [tried, setTried] = useState(false);
  const open = record.lines.filter(decidable);
  const choiceOf = (id: number): LineChoice => choices[id] ?? { decision: 'APPROVE', amount: '', reasonCode: '' };
  const change = (id: number, changes: Partial<LineChoice>) => setChoices((all) => ({ ...all, [id]: { ...choiceOf(id), ...changes } }));
  const problem = (line: Line) => {
    const choice = choiceOf(line.id);
    if (choice.decision === 'REJECT' && !choice.reasonCode) return 'reason';
    if (choice.decision !== 'REDUCE') return null;
    const read = readMoneyInput(choice.amount, record.currency, intl.locale);
    if ('problem' in read) return read.problem === 'currencyDecimals' ? 'decimals' : 'amount';
    return read.minor >= beforeMaximum(line) ? 'amount' : null;
  };

  const submit = () => {
    setTried(true);
    if (open.some((line) => problem(line))) return;
    const lines: LineDecision[] = open.flatMap((line): LineDecision[] => {
      const choice = choiceOf(line.id);
      if (choice.decision === 'REJECT') return [{ lineId: line.id, decision: 'REJECT', reasonCode: choice.reasonCode }];
      if (choice.decision === 'REDUCE') {
        const amountCents = (readMoneyInput(choice.amount, record.currency, intl.locale) as { minor: number }).minor;
        return [{ lineId: line.id, decision: 'REDUCE', amountCents, ...(choice.reasonCode ? { reasonCode: choice.reasonCode } : {}) }];
      }
      return [];
    });
    onSend(lines.length ? { type: 'APPROVE', lines } : { type: 'APPROVE' });
  };

  return (
    <FormDialog
      title={t('reimbursements.event.APPROVE')}
      submitLabel={t('reimbursements.event.APPROVE')}
      busy={busy}
      error={error}
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      testId="approval"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('reimbursements.eventHelp.APPROVE')}</Text>
      <Stack as="ol" gap="3" p="0" m="0" listStyleType="none" data-testid="lines">
        {record.lines.map((line, index) => {
          const choice = choiceOf(line.id);
          const wrong = tried ? problem(line) : null;
          const name = t('reimbursements.approval.line', { n: index + 1, code: line.procedureCode });
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
              {!decidable(line) ? (
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette="red" variant="subtle">{t('reimbursements.approval.automatic')}</Badge>
                  {line.reason && <Text fontSize="sm"><bdi>{reasonText(line.reason)}</bdi></Text>}
                </HStack>
              ) : (
                <>
                  {line.reason && <Text fontSize="sm" color="fg.muted"><bdi>{reasonText(line.reason)}</bdi></Text>}
                  <SegmentGroup.Root
                    size="sm"
                    value={choice.decision}
                    aria-label={t('reimbursements.approval.decisionFor', { line: name })}
                    onValueChange={(e) => change(line.id, { decision: (e.value ?? 'APPROVE') as Decision })}
                  >
                    <SegmentGroup.Indicator />
                    <SegmentGroup.Items items={DECISIONS.map((decision) => ({ value: decision, label: t(`reimbursements.approval.decision.${decision}`) }))} />
                  </SegmentGroup.Root>
                  {choice.decision === 'REDUCE' && (
                    <Field.Root required invalid={wrong === 'amount' || wrong === 'decimals'}>
                      <Field.Label>
                        {t('reimbursements.approval.amount', { currency: record.currency })}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input inputMode="decimal" dir="ltr" maxW="12rem" value={choice.amount} onChange={(e) => change(line.id, { amount: e.currentTarget.value })} />
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
                      onChange={(reasonCode) => change(line.id, { reasonCode })}
                      required={choice.decision === 'REJECT'}
                      invalid={wrong === 'reason'}
                      reduction={choice.decision === 'REDUCE'}
                    />
                  )}
                </>
              )}
            </Stack>
          );
        })}
      </Stack>
    </FormDialog>
  );
}
