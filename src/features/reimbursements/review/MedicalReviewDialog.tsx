import { useState } from 'react';
import { Button, Checkbox, Field, NativeSelect, SegmentGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { BusyButton } from '../../../components/form/BusyButton.tsx';
import { money } from '../../../components/format/money.ts';
import type { Attachment, DocumentType } from '../../../api/resources/attachments.ts';
import type { Reimbursement, ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { useReasonText } from '../../../api/resources/settings.ts';
import { DOCUMENT_TYPES } from '../DocumentUpload.tsx';
import { LineChoiceList, useLineChoices, type LineDecision } from './LineChoices.tsx';

type Result = NonNullable<ReimbursementEventBody['result']>;
const RESULTS: Result[] = ['AGREE', 'REDUCE', 'REJECT_LINES', 'REQUEST_DOCUMENTS'];

interface Props {
  record: Reimbursement;
  attachments: Attachment[];
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/**
 * The dental auditor's review (issue 28): a result, findings (required unless agreeing: a cut or a request must say
 * why), optionally one of the claim's documents it rests on, and the lines it changes; then a confirmation that
 * says what will be recorded before anything is sent. The statechart's guards check the same on the server.
 */
export function MedicalReviewDialog({ record, attachments, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const reasonText = useReasonText();
  const [result, setResult] = useState<Result>('AGREE');
  const [findings, setFindings] = useState('');
  const [attachmentId, setAttachmentId] = useState('');
  const [documents, setDocuments] = useState<DocumentType[]>([]);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const choices = useLineChoices(record, { reasonForEveryChange: true });
  const changesLines = result === 'REDUCE' || result === 'REJECT_LINES';
  const lines: LineDecision[] = changesLines ? choices.decisions() : [];

  // The same rules as the statechart's guards, said where the auditor types.
  const findingsMissing = result !== 'AGREE' && findings.trim() === '';
  const wanted = result === 'REDUCE' ? 'REDUCE' : 'REJECT';
  const noLine = changesLines && !choices.invalid() && !lines.some((line) => line.decision === wanted);
  const noDocument = result === 'REQUEST_DOCUMENTS' && documents.length === 0;
  const invalid = findingsMissing || noDocument || (changesLines && (choices.invalid() || noLine));

  const body = (): Omit<ReimbursementEventBody, 'version'> => ({
    type: 'COMPLETE_MEDICAL_REVIEW',
    result,
    ...(findings.trim() ? { findings: findings.trim() } : {}),
    ...(attachmentId ? { attachmentId: Number(attachmentId) } : {}),
    ...(changesLines ? { lines } : {}),
    ...(result === 'REQUEST_DOCUMENTS' ? { documents } : {}),
  });
  const lineName = (lineId: number) => {
    const index = record.lines.findIndex((line) => line.id === lineId);
    return t('reimbursements.approval.line', { n: index + 1, code: record.lines[index]?.procedureCode ?? '' });
  };

  if (confirming) {
    return (
      <FormDialog
        title={t('reimbursements.medical.confirmTitle')}
        submitLabel={t('reimbursements.medical.confirm')}
        role="alertdialog"
        busy={busy}
        error={error}
        testId="medical-review-confirm"
        onSubmit={() => onSend(body())}
        onClose={onClose}
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>{t('reimbursements.medical.back')}</Button>
            <BusyButton type="submit" colorPalette="blue" loading={busy} loadingText={t('reimbursements.medical.confirm')}>
              {t('reimbursements.medical.confirm')}
            </BusyButton>
          </>
        }
      >
        <Text fontWeight="semibold">{t(`reimbursements.medical.result.${result}`)}</Text>
        {findings.trim() && <Text whiteSpace="pre-wrap"><bdi>{findings.trim()}</bdi></Text>}
        {result === 'AGREE' && <Text>{t('reimbursements.medical.agreeSummary')}</Text>}
        {lines.length > 0 && (
          <Stack as="ul" gap="1" ps="5" data-testid="review-changes">
            {lines.map((line) => (
              <Text as="li" key={line.lineId}>
                <bdi>
                  {`${lineName(line.lineId)}: `}
                  {t(line.decision === 'REDUCE' ? 'reimbursements.medical.lineReduced' : 'reimbursements.medical.lineRejected', {
                    amount: money(intl, line.amountCents ?? 0, record.currency),
                    reason: reasonText(line.reasonCode ?? ''),
                  })}
                </bdi>
              </Text>
            ))}
          </Stack>
        )}
        {result === 'REQUEST_DOCUMENTS' && <Text>{intl.formatList(documents.map((d) => t(`settings.documentType.${d}`)))}</Text>}
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={t('reimbursements.event.COMPLETE_MEDICAL_REVIEW')}
      submitLabel={t('reimbursements.medical.next')}
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      testId="medical-review"
      onSubmit={() => {
        setTried(true);
        if (!invalid) setConfirming(true);
      }}
      onClose={onClose}
    >
      <Field.Root>
        <Field.Label id="review-result">{t('reimbursements.medical.result')}</Field.Label>
        <SegmentGroup.Root size="sm" value={result} aria-labelledby="review-result" onValueChange={(e) => setResult((e.value ?? 'AGREE') as Result)} flexWrap="wrap" height="auto">
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={RESULTS.map((value) => ({ value, label: t(`reimbursements.medical.result.${value}`) }))} />
        </SegmentGroup.Root>
      </Field.Root>
      <Field.Root required={result !== 'AGREE'} invalid={tried && findingsMissing}>
        <Field.Label>
          {t('reimbursements.medical.findings')}
          {result !== 'AGREE' && <Field.RequiredIndicator />}
        </Field.Label>
        <Textarea rows={4} maxLength={4000} value={findings} onChange={(e) => setFindings(e.currentTarget.value)} />
        <Field.HelperText>{t('reimbursements.medical.findingsHelp')}</Field.HelperText>
        <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('form.required', { label: t('reimbursements.medical.findings') })}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('reimbursements.medical.attachment')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={attachmentId} onChange={(e) => setAttachmentId(e.currentTarget.value)}>
            <option value="">{t('reimbursements.medical.noAttachment')}</option>
            {attachments.map((a) => (
              <option key={a.id} value={a.id}>{`${t(`settings.documentType.${a.documentType}`)} · ${a.fileName}`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {changesLines && (
        <>
          <LineChoiceList record={record} choices={choices} tried={tried} keepLabel={t('reimbursements.medical.keep')} />
          {tried && noLine && (
            <Text role="alert" fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>
              {t(result === 'REDUCE' ? 'reimbursements.medical.needsReduction' : 'reimbursements.medical.needsRejection')}
            </Text>
          )}
        </>
      )}
      {result === 'REQUEST_DOCUMENTS' && (
        <Stack as="fieldset" gap="2" aria-invalid={(tried && noDocument) || undefined}>
          <Text as="legend" fontWeight="medium" mb="2">{t('reimbursements.review.documentsToRequest')}</Text>
          {DOCUMENT_TYPES.map((type) => (
            <Checkbox.Root key={type} checked={documents.includes(type)} onCheckedChange={(e) => setDocuments((all) => (e.checked ? [...all, type] : all.filter((d) => d !== type)))}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`settings.documentType.${type}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          {tried && noDocument && (
            <Text role="alert" fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>
              {t('form.requiredChoice', { label: t('reimbursements.review.documentsToRequest') })}
            </Text>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
