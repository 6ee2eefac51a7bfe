import { useEffect, useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { FlowLine } from '../../../machines/reimbursement-flow.machine.ts';
import { linesPreviewQuery } from '../../../api/resources/reimbursements.ts';
import { unsavedLinesPreviewQuery } from '../../../api/resources/verifications.ts';
import { LiquidationTable } from '../LiquidationTable.tsx';
import { lineInput } from './save-draft.ts';

const TYPING_PAUSE_MS = 600;

/** A line the engine can liquidate: a code, a date, an amount, and the tooth when the code names one. */
const complete = (line: FlowLine) => line.procedureCode !== '' && line.serviceDate !== '' && line.chargedCents > 0 && (!line.requiresTooth || line.tooth !== '');

/** The value once it has stopped changing for a moment (so each keystroke does not ask the engine). */
function useSettled<T>(value: T, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The engine's liquidation of the lines as they are typed, before they are saved: each pause in typing asks the
 * engine again for the complete lines, as the draft's once it exists, before that as a new reimbursement on the
 * verification (the same figures); the last answer stays while it thinks.
 */
export function LivePreview({ verificationId, recordId, invoiceDate, lines, currency }: { verificationId: number; recordId: number | null; invoiceDate: string; lines: FlowLine[]; currency: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const ready = lines.filter(complete);
  const settled = useSettled(JSON.stringify({ invoiceDate: invoiceDate || null, lines: ready.map(lineInput) }), TYPING_PAUSE_MS);
  const body = JSON.parse(settled) as { invoiceDate: string | null; lines: ReturnType<typeof lineInput>[] };
  const query = recordId === null ? unsavedLinesPreviewQuery(verificationId, body) : linesPreviewQuery(recordId, body);
  const preview = useQuery({ ...query, enabled: body.lines.length > 0, placeholderData: keepPreviousData });
  const title = t('reimbursements.create.livePreview');
  return (
    <Stack gap="2" as="section" aria-labelledby="live-preview-title" data-testid="live-preview" aria-busy={preview.isFetching}>
      <Heading as="h3" size="sm" id="live-preview-title">{title}</Heading>
      {preview.data && body.lines.length > 0 ? (
        <LiquidationTable liquidation={preview.data} lines={body.lines} currency={currency} caption={title} />
      ) : preview.isError ? (
        <Text fontSize="sm" color={{ base: 'red.700', _dark: 'fg.error' }}>{t('common.loadFailed')}</Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">{t('reimbursements.create.livePreviewEmpty')}</Text>
      )}
    </Stack>
  );
}
