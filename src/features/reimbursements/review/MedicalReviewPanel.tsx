import { DataList, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { Reimbursement } from '../../../api/resources/reimbursements.ts';
import { useMedicalChanges } from './medical-review-text.ts';

/**
 * The dental auditor's latest review on the record (issue 28): result, findings, who and when, the document it rests
 * on, the lines it changed or the documents it asked for. Nothing when no review was recorded.
 */
export function MedicalReviewPanel({ record }: { record: Reimbursement }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const changes = useMedicalChanges(record);
  const review = record.medicalReview.review;
  if (!review) return null;
  const when = intl.formatDate(review.at, { dateStyle: 'medium', timeStyle: 'short' });
  const lineName = (lineId: number) => {
    const index = record.lines.findIndex((line) => line.id === lineId);
    return t('reimbursements.approval.line', { n: index + 1, code: record.lines[index]?.procedureCode ?? '' });
  };
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid="medical-review">
      <DataList.Item>
        <DataList.ItemLabel>{t('reimbursements.medical.result')}</DataList.ItemLabel>
        <DataList.ItemValue fontWeight="semibold">{t(`reimbursements.medical.result.${review.result}`)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('reimbursements.medical.findings')}</DataList.ItemLabel>
        <DataList.ItemValue whiteSpace="pre-wrap"><bdi>{review.findings ?? t('patients.none')}</bdi></DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('reimbursements.medical.reviewer')}</DataList.ItemLabel>
        <DataList.ItemValue><bdi>{`${review.reviewerName} · ${when}`}</bdi></DataList.ItemValue>
      </DataList.Item>
      {review.attachmentName && (
        <DataList.Item>
          <DataList.ItemLabel>{t('reimbursements.medical.attachment')}</DataList.ItemLabel>
          <DataList.ItemValue><bdi>{review.attachmentName}</bdi></DataList.ItemValue>
        </DataList.Item>
      )}
      {review.lines.length > 0 && (
        <DataList.Item>
          <DataList.ItemLabel>{t('reimbursements.medical.changes')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Stack gap="1">
              {review.lines.map((change) => (
                <Text key={change.lineId}><bdi>{`${lineName(change.lineId)}: ${changes.get(change.lineId) ?? ''}`}</bdi></Text>
              ))}
            </Stack>
          </DataList.ItemValue>
        </DataList.Item>
      )}
      {review.documents.length > 0 && (
        <DataList.Item>
          <DataList.ItemLabel>{t('reimbursements.review.requestedDocuments')}</DataList.ItemLabel>
          <DataList.ItemValue>{intl.formatList(review.documents.map((d) => t(`settings.documentType.${d}`)))}</DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList.Root>
  );
}
