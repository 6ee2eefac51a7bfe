import { useRef } from 'react';
import { Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatFileSize } from '../../components/format/file-size.ts';

/** The server's limit (R21); checked here too, so a user learns before uploading 40 MB. */
const MAX_BYTES = 15 * 1024 * 1024;
const ACCEPTED = /\.(pdf|jpe?g|png)$/i;

/** Why a chosen file cannot be sent, as a catalog id, or null. The server checks the content itself. */
export const fileProblem = (file: File) => (file.size > MAX_BYTES ? 'messages.fileTooBig' : ACCEPTED.test(file.name) ? null : 'messages.fileType');

/** The reply's file: a button that opens the file chooser, then the chosen file's name and size with a way to remove it. */
export function AttachFile({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="2" wrap="wrap" minW="0">
      <input
        ref={input}
        type="file"
        hidden
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-label={intl.formatMessage({ id: 'messages.attach' })}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file may be chosen again after removing it.
          event.target.value = '';
        }}
      />
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <Paperclip aria-hidden size={14} />
        {intl.formatMessage({ id: 'messages.attach' })}
      </Button>
      {file && (
        <HStack gap="1" borderWidth="1px" borderRadius="md" ps="2" minW="0" maxW="full" data-testid="chosen-file">
          {/* Isolated, so a right-to-left page keeps the sentence in its own order. */}
          <Text as="bdi" display="block" fontSize="sm" minW="0" overflowWrap="anywhere">
            {intl.formatMessage({ id: 'messages.attached' }, { name: <bdi key="name">{file.name}</bdi>, size: <bdi key="size">{formatFileSize(intl, file.size)}</bdi> })}
          </Text>
          <CloseButton size="xs" onClick={() => onChange(null)} aria-label={intl.formatMessage({ id: 'messages.removeFile' }, { name: file.name })} />
        </HStack>
      )}
    </HStack>
  );
}
