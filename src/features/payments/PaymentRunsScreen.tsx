import { useState } from 'react';
import { Button, HStack, Link as ChakraLink, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { PAYMENT_RUN_STATES } from '@core/workflows/payment-run.machine.ts';
import { runsQuery } from '../../api/resources/payment-runs.ts';
import { RunStateBadge, RunTotals } from './RunCells.tsx';

/** `/pagos`: every payment run, newest first, with its state, claim count and totals per currency. */
export default function PaymentRunsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { link } = useScreen();
  // The dashboard's tiles open the list filtered by a state (`?state=submitted`).
  const initial = new URLSearchParams(useSearch()).get('state') ?? '';
  const [state, setState] = useState((PAYMENT_RUN_STATES as readonly string[]).includes(initial) ? initial : '');
  const runs = useQuery(runsQuery(state || null, 1));
  const create = link('create');
  return (
    <Stack gap="4">
      <PageHeader title={t('payments.title')}>
        {create && (
          <Button asChild colorPalette="blue">
            <Link href={create}>
              <Plus aria-hidden size={16} />
              {t('payments.new')}
            </Link>
          </Button>
        )}
      </PageHeader>
      <HStack>
        <NativeSelect.Root maxW="18rem">
          <NativeSelect.Field aria-label={t('payments.filter.state')} value={state} onChange={(e) => setState(e.currentTarget.value)}>
            <option value="">{t('payments.filter.all')}</option>
            {PAYMENT_RUN_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`machine.paymentRun.state.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {runs.isPending ? (
        <Loading />
      ) : !runs.data?.items.length ? (
        <Text color="fg.muted">{t('payments.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t('payments.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('payments.field.folio')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.executionDate')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payments.field.itemCount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.field.totals')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.data.items.map((run) => (
                <Table.Row key={run.id} data-testid={`run-${run.folio}`}>
                  <Table.Cell>
                    <ChakraLink asChild color={{ base: 'blue.700', _dark: 'blue.300' }} textDecoration="underline">
                      <Link href={link('edit', { id: run.id }) ?? '#'}>{run.folio}</Link>
                    </ChakraLink>
                  </Table.Cell>
                  <Table.Cell>
                    <RunStateBadge state={run.state} />
                  </Table.Cell>
                  <Table.Cell>{intl.formatDate(`${run.executionDate}T12:00:00`, { dateStyle: 'medium' })}</Table.Cell>
                  <Table.Cell textAlign="end">{intl.formatNumber(run.itemCount)}</Table.Cell>
                  <Table.Cell>
                    <RunTotals totals={run.totals} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
