import { useState } from 'react';
import { Button, Checkbox, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { DocumentType, Reimbursement, ReimbursementEventBody } from '../api.ts';
import { DOCUMENT_TYPES } from '../DocumentUpload.tsx';
import { LinesTable } from './LinesTable.tsx';

interface Props {
  /** REQUEST_DOCUMENTS (which documents, with the cure period) or APPROVE (the line decisions it records). */
  event: string;
  record: Reimbursement;
  cureDays: number | null;
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/** Confirms a review decision that is not words: the documents to ask for, or the approval with each line's outcome. */
export function EventDialog({ event, record, cureDays, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [documents, setDocuments] = useState<DocumentType[]>([]);
  const asking = event === 'REQUEST_DOCUMENTS';
  const ready = !asking || documents.length > 0;
  return (
    <Dialog.Root open size={asking ? 'md' : 'lg'} onOpenChange={(e) => !e.open && onClose()} initialFocusEl={() => document.getElementById('event-first')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (ready) onSend(asking ? { type: 'REQUEST_DOCUMENTS', documents } : { type: 'APPROVE' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t(`reimbursements.event.${event}`)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{t(`reimbursements.eventHelp.${event}`, { days: cureDays ?? 10 })}</Text>
                  {asking ? (
                    <Stack as="fieldset" gap="2">
                      <Text as="legend" fontWeight="medium" mb="2">{t('reimbursements.review.documentsToRequest')}</Text>
                      {DOCUMENT_TYPES.map((type, index) => (
                        <Checkbox.Root key={type} checked={documents.includes(type)} onCheckedChange={(e) => setDocuments((all) => (e.checked ? [...all, type] : all.filter((d) => d !== type)))}>
                          <Checkbox.HiddenInput id={index === 0 ? 'event-first' : undefined} />
                          <Checkbox.Control />
                          <Checkbox.Label>{t(`settings.documentType.${type}`)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  ) : (
                    <LinesTable reimbursement={record} />
                  )}
                  {error && (
                    <Text role="alert" fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>
                      <bdi>{error}</bdi>
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button type="button" variant="outline" onClick={onClose} id={asking ? undefined : 'event-first'}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={busy} disabled={!ready}>
                  {t(`reimbursements.event.${event}`)}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
