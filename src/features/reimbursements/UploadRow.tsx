import { Button, HStack, List, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, Clock, RotateCcw } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatFileSize } from '../../components/format/file-size.ts';
import { codeMessage } from '../../i18n/form-messages.ts';
import type { QueuedFile } from './upload-queue.ts';

const TONE = { failed: { base: 'red.700', _dark: 'fg.error' }, done: { base: 'green.700', _dark: 'green.300' } } as const;

/** One chosen file in the upload list: its name, size and type, its state in words, and what can be done with it. */
export function UploadRow({ item, onRetry, onDismiss }: { item: QueuedFile; onRetry: () => void; onDismiss: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { state } = item;
  const stateText =
    state === 'uploading' ? t('reimbursements.documents.state.uploading', { percent: intl.formatNumber(item.progress, { style: 'percent' }) }) : t(`reimbursements.documents.state.${state}`);
  return (
    <List.Item data-upload-state={state}>
      <Stack gap="1" py="1">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontSize="sm" minW="0" wordBreak="break-word">
            {/* Each part isolated: right to left, "<1 kB" beside a Latin name otherwise reads "kB … 1>". */}
            <bdi>{item.file.name}</bdi> · <bdi>{formatFileSize(intl, item.file.size)}</bdi> · <bdi>{t(`settings.documentType.${item.documentType}`)}</bdi>
          </Text>
          <HStack gap="2" fontSize="sm" color={state === 'failed' || state === 'done' ? TONE[state] : 'fg.muted'}>
            {state === 'waiting' && <Clock aria-hidden size={14} />}
            {state === 'processing' && <Spinner size="xs" aria-hidden />}
            {state === 'done' && <CircleCheck aria-hidden size={14} />}
            {state === 'failed' && <CircleAlert aria-hidden size={14} />}
            <Text data-testid="upload-state">{stateText}</Text>
          </HStack>
        </HStack>
        {state === 'uploading' && (
          <Progress.Root value={Math.round(item.progress * 100)} size="sm" aria-label={t('reimbursements.documents.uploading', { name: item.file.name })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {state === 'failed' && (
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontSize="sm" color={TONE.failed} role="alert">
              {codeMessage(intl, item.error ?? 'server.unexpected')}
            </Text>
            <HStack gap="1">
              <Button size="xs" variant="outline" onClick={onRetry}>
                <RotateCcw aria-hidden size={12} />
                {t('reimbursements.documents.retry')}
              </Button>
              <Button size="xs" variant="ghost" onClick={onDismiss}>
                {t('common.close')}
              </Button>
            </HStack>
          </HStack>
        )}
      </Stack>
    </List.Item>
  );
}
