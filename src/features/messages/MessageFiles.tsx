import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { formatFileSize } from '../../components/format/file-size.ts';
import { saveMessageAttachment, type MessageAttachment } from '../../api/resources/messages.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

/** A message's files, each with its name and size, downloaded with the session (a plain link cannot carry the token). */
export function MessageFiles({ files }: { files: MessageAttachment[] }) {
  const intl = useIntl();
  const [saving, setSaving] = useState<number | null>(null);
  if (!files.length) return null;
  const save = (file: MessageAttachment) => {
    setSaving(file.id);
    saveMessageAttachment(file)
      .catch((error) => notifyError(intl, error))
      .finally(() => setSaving(null));
  };
  return (
    <Stack as="ul" gap="1" mt="1" listStyleType="none" aria-label={intl.formatMessage({ id: 'messages.files' })}>
      {files.map((file) => {
        const size = formatFileSize(intl, file.sizeBytes);
        return (
          <li key={file.id}>
            <BusyButton
              size="xs"
              variant="outline"
              bg="bg.panel"
              maxW="full"
              h="auto"
              py="1"
              justifyContent="flex-start"
              whiteSpace="normal"
              textAlign="start"
              loading={saving === file.id}
              onClick={() => save(file)}
              aria-label={intl.formatMessage({ id: 'messages.download' }, { name: file.fileName, size })}
              data-testid="message-file"
            >
              <Paperclip aria-hidden size={12} />
              <bdi style={{ overflowWrap: 'anywhere' }}>{file.fileName}</bdi>
              <bdi style={{ whiteSpace: 'nowrap', opacity: 0.8 }}>{size}</bdi>
            </BusyButton>
          </li>
        );
      })}
    </Stack>
  );
}
