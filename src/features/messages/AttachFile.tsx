import { useRef } from 'react';
import { Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatFileSize } from '../../components/format/file-size.ts';

/** The server's limits (R21, and the upload's size): checked here too, so a user learns before uploading 40 MB. */
const MAX_BYTES = 15 * 1024 * 1024;
const MAX_FILES = 10;
const ACCEPTED = /\.(pdf|jpe?g|png)$/i;

/** Why a chosen file cannot be sent, as a catalog id, or null. The server checks the content itself. */
export const fileProblem = (file: File) => (file.size > MAX_BYTES ? 'messages.fileTooBig' : ACCEPTED.test(file.name) ? null : 'messages.fileType');

/** Why the chosen files cannot go together in one message, as a catalog id, or null. */
export const filesProblem = (files: File[]) =>
  files.map(fileProblem).find(Boolean) ??
  (files.length > MAX_FILES ? 'messages.tooManyFiles' : files.reduce((sum, file) => sum + file.size, 0) > MAX_BYTES ? 'messages.filesTooBig' : null);

/** The reply's files: a button that opens the file chooser (several at once, or one after another), then each chosen file's name and size with a way to remove it. */
export function AttachFile({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="2" minW="0" align="flex-start">
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-label={intl.formatMessage({ id: 'messages.attach' })}
        onChange={(event) => {
          onChange([...files, ...(event.target.files ?? [])]);
          // The same file may be chosen again after removing it.
          event.target.value = '';
        }}
      />
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <Paperclip aria-hidden size={14} />
        {intl.formatMessage({ id: 'messages.attach' })}
      </Button>
      {files.length > 0 && (
        <HStack as="ul" gap="2" wrap="wrap" minW="0" maxW="full" listStyleType="none" aria-label={intl.formatMessage({ id: 'messages.chosenFiles' }, { count: files.length })}>
          {files.map((file, index) => (
            <HStack as="li" key={`${index}-${file.name}`} gap="1" borderWidth="1px" borderRadius="md" ps="2" minW="0" maxW="full" data-testid="chosen-file">
              {/* Isolated, so a right-to-left page keeps the sentence in its own order. */}
              <Text as="bdi" display="block" fontSize="sm" minW="0" overflowWrap="anywhere">
                {intl.formatMessage({ id: 'messages.attached' }, { name: <bdi key="name">{file.name}</bdi>, size: <bdi key="size">{formatFileSize(intl, file.size)}</bdi> })}
              </Text>
              <CloseButton
                size="xs"
                onClick={() => onChange(files.filter((_, at) => at !== index))}
                aria-label={intl.formatMessage({ id: 'messages.removeFile' }, { name: file.name })}
              />
            </HStack>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
