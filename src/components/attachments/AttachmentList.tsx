import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, HStack, Image, Portal, Stack, Text } from '@chakra-ui/react';
import { FileText, ImageIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Loading } from '../feedback/Loading.tsx';
import { formatFileSize } from '../format/file-size.ts';
import { attachmentBlobUrl, type Attachment } from '../../api/resources/attachments.ts';

/** The file opened in the browser: images as images, PDFs in the browser's own viewer. */
function Preview({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const intl = useIntl();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    attachmentBlobUrl(attachment.id).then(
      (objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      },
      () => setFailed(true),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [attachment.id]);
  const title = `${intl.formatMessage({ id: `settings.documentType.${attachment.documentType}` })} · ${attachment.fileName}`;
  return (
    <Dialog.Root open size="xl" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <bdi>{title}</bdi>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {failed ? (
                <Text role="alert">{intl.formatMessage({ id: 'common.loadFailed' })}</Text>
              ) : !url ? (
                <Loading />
              ) : attachment.mime === 'application/pdf' ? (
                <iframe src={url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />
              ) : (
                <Image src={url} alt={title} maxH="70vh" mx="auto" />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A record's documents, newest first, each opening a preview. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState<Attachment | null>(null);
  if (!attachments.length) return <Text color="fg.muted">{intl.formatMessage({ id: 'reimbursements.documents.none' })}</Text>;
  return (
    <Stack as="ul" gap="2" p="0" m="0" listStyleType="none" aria-label={intl.formatMessage({ id: 'reimbursements.documents.attached' })}>
      {attachments.map((attachment) => (
        <HStack as="li" key={attachment.id} justify="space-between" gap="3" borderWidth="1px" borderRadius="md" px="3" py="2" wrap="wrap">
          <HStack gap="2" minW="0">
            {attachment.mime === 'application/pdf' ? <FileText aria-hidden size={18} /> : <ImageIcon aria-hidden size={18} />}
            <Stack gap="0" minW="0">
              <Text fontWeight="medium">{intl.formatMessage({ id: `settings.documentType.${attachment.documentType}` })}</Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                <bdi>{attachment.fileName}</bdi> · <bdi>{formatFileSize(intl, attachment.sizeBytes)}</bdi> ·{' '}
                <bdi>{intl.formatDate(attachment.uploadedAt, { dateStyle: 'medium', timeStyle: 'short' })}</bdi>
              </Text>
            </Stack>
          </HStack>
          <Button size="sm" variant="outline" onClick={() => setOpen(attachment)} aria-label={intl.formatMessage({ id: 'reimbursements.documents.view' }, { name: attachment.fileName })}>
            {intl.formatMessage({ id: 'reimbursements.documents.viewShort' })}
          </Button>
        </HStack>
      ))}
      {open && <Preview attachment={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
