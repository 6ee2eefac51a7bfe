import { useState } from 'react';
import { HStack, NativeSelect, Stat, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { ListShell } from '../../components/list/ListShell.tsx';
import type { ListColumn } from '../../components/list/columns.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import { useListController } from '../../components/list/useListController.ts';
import { userChoicesQuery } from '../../api/resources/users.ts';
import { countsQuery, verifications, verificationWorkflow, type Verification, type VerificationQuery } from '../../api/resources/verifications.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { ClaimButton } from './ClaimButton.tsx';
import { worklistColumns } from './columns.tsx';
import { DateRange, useDateRange } from '../../components/list/DateRange.tsx';
import { mayReassign } from '@core/workflows/workflow.ts';

/** The range bounds the planned service date. */
const SERVICE_DATES = { from: 'verifications.filter.from', to: 'verifications.filter.to' };

const OPEN = ['pending', 'inProgress', 'needsInfo'] as const;
const { sortable, filters } = LIST_SPECS.verifications;
// Oldest first: the worklist is sorted by age unless the user sorts otherwise.
const SPEC: ListSpec = { sortable, defaultSort: 'createdAt', filters: { state: filters.state, assigned: filters.assigned, pastDue: filters.pastDue } };

/**
 * `/verificaciones/nuevas`: the open verifications (pending, in progress, needing information), mine, unassigned
 * or all, past due and by planned service date, oldest first; counts per state; a verifier takes one for
 * themself, a supervisor assigns several at once. Everything the list shows is in the URL.
 */
export default function WorklistScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { can } = useScreen();
  const range = useDateRange();
  const list = useListController(verifications, SPEC, (query: VerificationQuery): VerificationQuery => ({ ...query, group: query.state ? undefined : 'open', from: range.from, to: range.to }));
  const { assigned, pastDue } = list.state.filters as { assigned?: 'mine' | 'unassigned'; pastDue?: string };
  const counts = useQuery(countsQuery({ assigned, pastDue: pastDue === undefined ? undefined : pastDue === 'true' }));
  const client = useQueryClient();
  const mayWork = can('verifications:update');
  const mayAssignOthers = mayWork && can('users:read');
  const assignees = useQuery({ ...userChoicesQuery({ role: 'verifier', status: 'active' }), enabled: mayAssignOthers });
  const [assignee, setAssignee] = useState('');
  const [assigning, setAssigning] = useState(false);

  const claimColumn: ListColumn<Verification> = {
    id: 'claim',
    labelId: 'verifications.field.claim',
    sortable: false,
    primary: false,
    cell: (row) => (mayWork && row.allowedEvents.includes('ASSIGN') ? <ClaimButton row={row} /> : null),
  };

  // Several at once: each with its row's version; one refused (moved meanwhile) does not stop the others.
  const assignChosen = async (chosen: Verification[], clear: () => void) => {
    const id = Number(assignee);
    const assignable = chosen.filter((row) => row.assigneeId !== id && mayReassign(row));
    let done = 0;
    setAssigning(true);
    for (const row of assignable) {
      try {
        await verificationWorkflow.send(row.id, { type: 'ASSIGN', assigneeId: id, version: row.version });
        done += 1;
      } catch (error) {
        notifyError(intl, error);
      }
    }
    await client.invalidateQueries({ queryKey: verifications.keys.all });
    setAssigning(false);
    messenger.create({ type: done === chosen.length ? 'success' : 'warning', title: t('verifications.assignedDone', { done, total: chosen.length }) });
    clear();
  };

  const stateChoices = OPEN.map((state) => ({ value: state, label: t(`machine.verification.state.${state}`) }));
  return (
    <ListShell
      controller={list}
      title={t('area.verifications.new')}
      columns={worklistColumns(claimColumn)}
      rowLabel={(row) => row.folio}
      createLabel={t('area.verifications.form')}
      searchPlaceholder={t('verifications.search')}
      filterOptions={{ state: stateChoices }}
      intro={
        <HStack role="group" gap="3" wrap="wrap" aria-label={t('verifications.counts')} data-testid="worklist-counts">
          {OPEN.map((state) => (
            <Stat.Root key={state} borderWidth="1px" borderRadius="md" px="4" py="2" bg="bg.panel" minW="36" flex="0 0 auto">
              <Stat.Label>{t(`machine.verification.state.${state}`)}</Stat.Label>
              <Stat.ValueText data-state={state}>
                {counts.data ? intl.formatNumber(counts.data[state]) : '…'}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </HStack>
      }
      bulkActions={
        mayAssignOthers
          ? (chosen, clear) => (
              <HStack gap="2" wrap="wrap">
                <NativeSelect.Root size="sm" width="auto">
                  <NativeSelect.Field aria-label={t('verifications.assignTo')} value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)} bg="bg.panel">
                    <option value="">{t('verifications.assignTo')}</option>
                    {(assignees.data ?? []).map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <BusyButton size="sm" colorPalette="blue" disabled={!assignee} loading={assigning} onClick={() => void assignChosen(chosen, clear)}>
                  <UserPlus aria-hidden size={14} />
                  {t('verifications.assignSelected')}
                </BusyButton>
              </HStack>
            )
          : undefined
      }
    >
      <DateRange range={range} labelIds={SERVICE_DATES} />
      {counts.isError && <Text color="fg.error">{t('common.loadFailed')}</Text>}
    </ListShell>
  );
}
