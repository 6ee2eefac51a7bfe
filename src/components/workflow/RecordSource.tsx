import { useState } from 'react';
import { Button, Code, Dialog, HStack, Portal } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { recordSourceQuery, type SourceEntity } from '../../api/resources/record-sources.ts';
import { Loading } from '../feedback/Loading.tsx';
import { Notice } from '../feedback/Notice.tsx';

/**
 * Where a record came from when an integration client sent it: the client's name, and the FHIR resource as it
 * was sent, in a dialog read only when opened. Inline files (`data`) are cut short: they are the record's documents.
 */
export function RecordSource({ entity, id, clientName }: { entity: SourceEntity; id: number; clientName: string }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const [open, setOpen] = useState(false);
  const source = useQuery(recordSourceQuery(entity, id, open));
  const shown = source.data
    ? JSON.stringify(source.data.resource, (key, value) => (key === 'data' && typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}… ${t('integrations.source.fileData', { length: value.length })}` : value), 2)
    : '';
  return (
    <HStack gap="2" wrap="wrap">
      <bdi data-testid="record-source">{t('integrations.source.fhir', { name: clientName })}</bdi>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="record-source-view">
        {t('integrations.source.view')}
      </Button>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="record-source-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  <bdi>{t('integrations.source.title', { name: clientName })}</bdi>
                </Dialog.Title>
              </Dialog.Header>
              {/* The body scrolls a long resource: focusable, so a keyboard user scrolls it too. */}
              <Dialog.Body tabIndex={0}>
                {source.isPending && <Loading cover="inline" />}
                {source.isError && <Notice tone="error">{t('integrations.source.loadError')}</Notice>}
                {source.data && (
                  // JSON reads left to right whatever the page's direction.
                  <Code as="pre" dir="ltr" display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="3" fontSize="xs" data-testid="record-source-resource">
                    {shown}
                  </Code>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
