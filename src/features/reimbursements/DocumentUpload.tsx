import { useEffect, useReducer, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Field, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { uploadDocument, type Attachment, type DocumentType } from '../../api/resources/attachments.ts';
import { nextToSend, uploadQueue } from './upload-queue.ts';
import { UploadRow } from './UploadRow.tsx';

export const DOCUMENT_TYPES: DocumentType[] = [
  'INVOICE',
  'CLAIM_FORM',
  'DENTAL_REPORT',
  'TREATMENT_PLAN',
  'XRAY_INITIAL',
  'XRAY_FINAL',
  'PRESCRIPTION',
  'PAYMENT_RECEIPT',
  'OTHER_INSURER_EOB',
  'PRIOR_AUTHORIZATION',
  'IDENTIFICATION',
  'LAB_BREAKDOWN',
  'OTHER',
];

/**
 * Documents for one reimbursement: choose the document type (the first one still missing by default), then drop
 * files on the zone or choose them; each file gets a row in the upload list with its own state (upload-queue.ts),
 * and the record is told of each file as soon as the server accepts it.
 */
export function DocumentUpload({ reimbursementId, missing, onUploaded }: { reimbursementId: number; missing: readonly string[]; onUploaded: (attachment: Attachment) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [chosenType, setType] = useState<DocumentType | null>(null);
  const type = chosenType ?? ((missing[0] as DocumentType | undefined) ?? 'OTHER');
  const [queue, dispatch] = useReducer(uploadQueue, []);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
  // An effect may run twice for one state (React's development checks): a file in flight is not sent again.
  const sent = useRef(new Set<number>());
  const latest = useRef(onUploaded);
  useEffect(() => {
    latest.current = onUploaded;
  });

  useEffect(() => {
    const next = nextToSend(queue);
    if (!next) return;
    if (sent.current.has(next.id)) return;
    sent.current.add(next.id);
    dispatch({ type: 'START', id: next.id });
    uploadDocument(reimbursementId, next.documentType, next.file, (fraction) => dispatch({ type: 'PROGRESS', id: next.id, fraction })).then(
      (attachment) => {
        sent.current.delete(next.id);
        dispatch({ type: 'DONE', id: next.id });
        latest.current(attachment);
      },
      (error: unknown) => {
        sent.current.delete(next.id);
        dispatch({ type: 'FAIL', id: next.id, code: error instanceof ApiError ? error.code : 'server.unexpected' });
      },
    );
  }, [queue, reimbursementId]);

  const send = (files: FileList | null) => {
    const chosen = Array.from(files ?? []).map((file) => ({ id: ++counter.current, file, documentType: type }));
    if (chosen.length) dispatch({ type: 'ADD', files: chosen });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };

  return (
    <Stack gap="3">
      <Field.Root maxW="sm">
        <Field.Label>{t('reimbursements.documents.type')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={type} onChange={(e) => setType(e.currentTarget.value as DocumentType)}>
            {DOCUMENT_TYPES.map((documentType) => (
              <option key={documentType} value={documentType}>
                {t(`settings.documentType.${documentType}`)}
                {missing.includes(documentType) ? ` · ${t('reimbursements.documents.required')}` : ''}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box
        data-testid="drop-zone"
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="md"
        borderColor={over ? 'blue.solid' : 'border.emphasized'}
        bg={over ? 'blue.subtle' : 'bg.panel'}
        p="6"
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Stack align="center" gap="2">
          <Upload aria-hidden />
          <Text>{t('reimbursements.documents.drop', { type: t(`settings.documentType.${type}`) })}</Text>
          <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
            {t('reimbursements.documents.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept="application/pdf,image/png,image/jpeg"
            aria-label={t('reimbursements.documents.choose')}
            onChange={(e) => {
              send(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <Text fontSize="xs" color="fg.muted">{t('reimbursements.documents.limits')}</Text>
        </Stack>
      </Box>
      {queue.length > 0 && (
        <List.Root variant="plain" gap="1" aria-label={t('reimbursements.documents.queue')} aria-live="polite">
          {queue.map((item) => (
            <UploadRow key={item.id} item={item} onRetry={() => dispatch({ type: 'RETRY', id: item.id })} onDismiss={() => dispatch({ type: 'DISMISS', id: item.id })} />
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
