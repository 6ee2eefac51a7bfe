import { useState } from 'react';
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { DocumentType } from '../../../api/resources/attachments.ts';
import type { Reimbursement, ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { DOCUMENT_TYPES } from '../DocumentUpload.tsx';

interface Props {
  record: Reimbursement;
  cureDays: number | null;
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/** Asks for documents: which ones (those the codes require and still miss are ticked), with the cure period. */
export function EventDialog({ record, cureDays, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [documents, setDocuments] = useState<DocumentType[]>(() => (record.missingDocuments ?? []) as DocumentType[]);
  const [tried, setTried] = useState(false);
  const none = tried && documents.length === 0;
  return (
    <FormDialog
      title={t('reimbursements.event.REQUEST_DOCUMENTS')}
      submitLabel={t('reimbursements.event.REQUEST_DOCUMENTS')}
      busy={busy}
      error={error}
      initialFocusEl={() => document.getElementById('event-first')}
      onSubmit={() => {
        setTried(true);
        if (documents.length) onSend({ type: 'REQUEST_DOCUMENTS', documents });
      }}
      onClose={onClose}
    >
      <Text>{t('reimbursements.eventHelp.REQUEST_DOCUMENTS', { days: cureDays ?? 10 })}</Text>
      <Stack as="fieldset" gap="2" aria-invalid={none || undefined}>
        <Text as="legend" fontWeight="medium" mb="2">{t('reimbursements.review.documentsToRequest')}</Text>
        {DOCUMENT_TYPES.map((type, index) => (
          <Checkbox.Root key={type} checked={documents.includes(type)} onCheckedChange={(e) => setDocuments((all) => (e.checked ? [...all, type] : all.filter((d) => d !== type)))}>
            <Checkbox.HiddenInput id={index === 0 ? 'event-first' : undefined} />
            <Checkbox.Control />
            <Checkbox.Label>{t(`settings.documentType.${type}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {none && (
        <Text role="alert" fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>
          {t('form.requiredChoice', { label: t('reimbursements.review.documentsToRequest') })}
        </Text>
      )}
    </FormDialog>
  );
}
