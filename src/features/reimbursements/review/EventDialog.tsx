import { useState } from 'react';
import { Button, Checkbox, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { reasonCodesQuery, type DocumentType, type ReimbursementEventBody } from '../api.ts';
import { DOCUMENT_TYPES } from '../DocumentUpload.tsx';
import { useReasonText } from '../LiquidationTable.tsx';

/** The events that ask for something before they are sent, and what. */
export const EVENT_PAYLOAD: Record<string, 'documents' | 'rejection' | 'reference' | 'reason' | 'confirm'> = {
  REQUEST_DOCUMENTS: 'documents',
  REJECT: 'rejection',
  PAY: 'reference',
  CANCEL: 'reason',
  APPROVE: 'confirm',
};

interface Props {
  event: string;
  cureDays: number | null;
  busy: boolean;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/** What one event needs from the user (documents to request, the rejection reason, the payment reference…), then sends it. */
export function EventDialog({ event, cureDays, busy, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kind = EVENT_PAYLOAD[event] ?? 'confirm';
  const [documents, setDocuments] = useState<DocumentType[]>([]);
  const [reasonCode, setReasonCode] = useState('');
  const [text, setText] = useState('');
  const { data: reasons = [] } = useQuery(reasonCodesQuery());
  const reasonText = useReasonText();
  const ready =
    kind === 'documents' ? documents.length > 0 : kind === 'rejection' ? reasonCode !== '' : kind === 'reference' || kind === 'reason' ? text.trim() !== '' : true;
  const body = (): Omit<ReimbursementEventBody, 'version'> => {
    const type = event as ReimbursementEventBody['type'];
    if (kind === 'documents') return { type, documents };
    if (kind === 'rejection') return text.trim() ? { type, reasonCode, reason: text.trim() } : { type, reasonCode };
    if (kind === 'reference') return { type, reference: text.trim() };
    if (kind === 'reason') return { type, reason: text.trim() };
    return { type };
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} initialFocusEl={() => document.getElementById('event-first')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={(e) => { e.preventDefault(); if (ready) onSend(body()); }}>
            <Dialog.Header>
              <Dialog.Title>{t(`reimbursements.event.${event}`)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{t(`reimbursements.eventHelp.${event}`, { days: cureDays ?? 10 })}</Text>
                {kind === 'documents' && (
                  <Stack as="fieldset" gap="2">
                    <Text as="legend" fontWeight="medium" mb="2">{t('reimbursements.review.documentsToRequest')}</Text>
                    {DOCUMENT_TYPES.map((type, index) => (
                      <Checkbox.Root
                        key={type}
                        checked={documents.includes(type)}
                        onCheckedChange={(e) => setDocuments((all) => (e.checked ? [...all, type] : all.filter((d) => d !== type)))}
                      >
                        <Checkbox.HiddenInput id={index === 0 ? 'event-first' : undefined} />
                        <Checkbox.Control />
                        <Checkbox.Label>{t(`settings.documentType.${type}`)}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                )}
                {kind === 'rejection' && (
                  <Field.Root required>
                    <Field.Label>
                      {t('reimbursements.review.reasonCode')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field id="event-first" value={reasonCode} onChange={(e) => setReasonCode(e.currentTarget.value)}>
                        <option value="">{t('reimbursements.review.chooseReason')}</option>
                        {reasons.map((reason) => (
                          <option key={reason.code} value={reason.code}>{reasonText(reason.code)}</option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                )}
                {(kind === 'rejection' || kind === 'reason') && (
                  <Field.Root required={kind === 'reason'}>
                    <Field.Label>
                      {t(kind === 'reason' ? 'reimbursements.review.reason' : 'reimbursements.review.explanation')}
                      {kind === 'reason' && <Field.RequiredIndicator />}
                    </Field.Label>
                    <Textarea id={kind === 'reason' ? 'event-first' : undefined} maxLength={1000} value={text} onChange={(e) => setText(e.currentTarget.value)} />
                  </Field.Root>
                )}
                {kind === 'reference' && (
                  <Field.Root required>
                    <Field.Label>
                      {t('reimbursements.review.paymentReference')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input id="event-first" maxLength={60} value={text} onChange={(e) => setText(e.currentTarget.value)} />
                  </Field.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onClose} id={kind === 'confirm' ? 'event-first' : undefined}>{t('common.cancel')}</Button>
              <Button type="submit" colorPalette={event === 'REJECT' || event === 'CANCEL' ? 'red' : 'blue'} loading={busy} disabled={!ready}>
                {t(`reimbursements.event.${event}`)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
