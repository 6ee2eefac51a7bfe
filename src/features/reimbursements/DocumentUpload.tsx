import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, Field, HStack, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import { uploadDocument, type Attachment, type DocumentType } from '../../api/resources/attachments.ts';

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

interface Sending {
  id: number;
  name: string;
  progress: number;
  error: string | null;
}

/**
 * Documents for one reimbursement: choose the document type (the first one still missing by default), then drop
 * files on the zone or choose them; each shows its progress and, when refused, the server's reason.
 */
export function DocumentUpload({ reimbursementId, missing, onUploaded }: { reimbursementId: number; missing: readonly string[]; onUploaded: (attachment: Attachment) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [chosenType, setType] = useState<DocumentType | null>(null);
  const type = chosenType ?? ((missing[0] as DocumentType | undefined) ?? 'OTHER');
  const [sending, setSending] = useState<Sending[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const send = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const id = ++counter.current;
      const update = (changes: Partial<Sending>) => setSending((all) => all.map((s) => (s.id === id ? { ...s, ...changes } : s)));
      setSending((all) => [...all, { id, name: file.name, progress: 0, error: null }]);
      uploadDocument(reimbursementId, type, file, (progress) => update({ progress })).then(
        (attachment) => {
          setSending((all) => all.filter((s) => s.id !== id));
          onUploaded(attachment);
        },
        (error: unknown) => update({ error: codeMessage(intl, error instanceof ApiError ? error.code : 'server.unexpected') }),
      );
    }
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
      {sending.map((s) => (
        <Stack key={s.id} gap="1" aria-live="polite">
          <HStack justify="space-between">
            <Text fontSize="sm"><bdi>{s.name}</bdi></Text>
            {s.error && (
              <Button size="xs" variant="ghost" onClick={() => setSending((all) => all.filter((x) => x.id !== s.id))}>
                {t('common.close')}
              </Button>
            )}
          </HStack>
          {s.error ? (
            <Text fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }} role="alert">{s.error}</Text>
          ) : (
            <Progress.Root value={Math.round(s.progress * 100)} size="sm" aria-label={t('reimbursements.documents.uploading', { name: s.name })}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
