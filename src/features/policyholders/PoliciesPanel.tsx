import { useState } from 'react';
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifier } from '../../components/feedback/toaster.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { addMonths } from '@core/benefits/dates.ts';
import { POLICY_EDITABLE_STATES } from '@core/workflows/policy.machine.ts';
import { holderPoliciesQuery, policyWorkflow, type Policy, type PolicyEvent } from '../../api/resources/policies.ts';
import { EventDialog } from './EventDialog.tsx';
import { PolicyDialog } from './PolicyDialog.tsx';
import { FormSection } from '../../components/form/FormSection.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { StaleVersionDialog } from '../../components/workflow/StaleVersionDialog.tsx';
import { useWorkflowEvents } from '../../components/workflow/useWorkflowRecord.ts';

const STATE_COLORS: Record<string, string> = { pending: 'blue', active: 'green', suspended: 'orange', expired: 'gray', cancelled: 'red' };
/** Events that ask for something first (a reason, a new end date); the others are sent at once. */
const ASKING = ['SUSPEND', 'CANCEL', 'RENEW'];

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The holder's policies: state, validity and the actions the statechart allows now; create and edit open the policy's form. */
export function PoliciesPanel({ holderId }: { holderId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { may } = useScreen();
  const { data: policies, isPending } = useQuery(holderPoliciesQuery(holderId));
  const workflow = useWorkflowEvents(policyWorkflow);
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const [asking, setAsking] = useState<{ policy: Policy; type: string } | null>(null);
  const today = localToday();
  const canChange = may('changePolicy');

  const fire = (policy: Policy, event: Omit<PolicyEvent, 'version'>) =>
    workflow.send(policy, event, {
      inDialog: asking !== null,
      onSuccess: (changed) => {
        // Lists are read again before this runs: another action's dialog may have opened meanwhile and stays.
        setAsking((open) => (open?.policy.id === policy.id && open.type === event.type ? null : open));
        notifier.create({ type: 'success', title: t('policies.changed', { number: changed.number, state: t(`machine.policy.state.${changed.state}`) }) });
      },
    });
  const act = (policy: Policy, type: string) => (ASKING.includes(type) ? setAsking({ policy, type }) : fire(policy, { type } as Omit<PolicyEvent, 'version'>));
  const actions = (policy: Policy) => (
    <HStack gap="2" flexWrap="wrap">
      {canChange && (POLICY_EDITABLE_STATES as readonly string[]).includes(policy.state) && (
        <Button type="button" size="xs" variant="outline" aria-label={t('policies.action.editNamed', { number: policy.number })} onClick={() => setEditing(policy)}>
          <Pencil aria-hidden size={14} />
          {t('common.edit')}
        </Button>
      )}
      {canChange &&
        policy.allowedEvents.map((type) => (
          <BusyButton
            key={type}
            type="button"
            size="xs"
            variant={type === 'CANCEL' || type === 'SUSPEND' ? 'ghost' : 'subtle'}
            colorPalette={type === 'CANCEL' || type === 'SUSPEND' ? 'red' : 'blue'}
            loading={workflow.busy?.id === policy.id && workflow.busy.type === type}
            aria-label={t(`policies.action.${type}.named`, { number: policy.number })}
            onClick={() => act(policy, type)}
          >
            {t(`policies.action.${type}`)}
          </BusyButton>
        ))}
    </HStack>
  );
  const stateOf = (policy: Policy) => (
    <>
      <Badge colorPalette={STATE_COLORS[policy.state]} data-testid="policy-state">
        {t(`machine.policy.state.${policy.state}`)}
      </Badge>
      {(policy.suspensionReason ?? policy.cancellationReason) && (
        <Text fontSize="xs" color="fg.muted" maxW="48">
          <bdi>{policy.state === 'cancelled' ? policy.cancellationReason : policy.suspensionReason}</bdi>
        </Text>
      )}
    </>
  );
  const rulesCount = (policy: Policy) =>
    (policy.benefitRules ?? []).length > 0 && (
      <Text fontSize="xs" color="fg.muted">
        <bdi>{intl.formatMessage({ id: 'policies.rules.count' }, { count: (policy.benefitRules ?? []).length })}</bdi>
      </Text>
    );
  const validity = (policy: Policy) =>
    `${intl.formatDate(`${policy.startsOn}T00:00:00`, { dateStyle: 'medium' })} – ${intl.formatDate(`${policy.endsOn}T00:00:00`, { dateStyle: 'medium' })}`;

  return (
    <FormSection titleId="policies.title">
      <Stack gap="4">
        {may('createPolicy') && (
          <Button type="button" variant="outline" alignSelf="flex-start" onClick={() => setEditing('new')}>
            <Plus aria-hidden size={16} />
            {t('policies.new')}
          </Button>
        )}
        {isPending && <Loading />}
        {policies?.length === 0 && <Text color="fg.muted">{t('policies.none')}</Text>}
        {policies && policies.length > 0 && (
          <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md">
            <Table.Root size="sm" data-testid="policies">
              <Table.Caption srOnly>{t('policies.title')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {['number', 'insurerId', 'planName', 'validity', 'state'].map((column) => (
                    <Table.ColumnHeader key={column}>{t(`policies.column.${column}`)}</Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader>{t('common.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {policies.map((policy) => (
                  <Table.Row key={policy.id} data-policy={policy.number} verticalAlign="top">
                    <Table.Cell fontWeight="medium">
                      <bdi>{policy.number}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{policy.insurerName}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{policy.planName}</bdi>
                      {rulesCount(policy)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <bdi>{validity(policy)}</bdi>
                    </Table.Cell>
                    <Table.Cell>
                      {stateOf(policy)}
                    </Table.Cell>
                    <Table.Cell>
                      {actions(policy)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {policies && policies.length > 0 && (
          // On a phone each policy is a card: the table's actions would sit off-screen.
          <Stack gap="3" hideFrom="md" as="ul" listStyleType="none">
            {policies.map((policy) => (
              <Stack as="li" key={policy.id} gap="2" borderWidth="1px" borderRadius="md" p="3" data-policy-card={policy.number}>
                <HStack justify="space-between" align="start" gap="3">
                  <Text fontWeight="semibold">
                    <bdi>{policy.number}</bdi>
                  </Text>
                  <Stack gap="1" align="end">
                    {stateOf(policy)}
                  </Stack>
                </HStack>
                <Text fontSize="sm">
                  <bdi>{`${policy.insurerName} · ${policy.planName}`}</bdi>
                </Text>
                {rulesCount(policy)}
                <Text fontSize="sm" color="fg.muted">
                  <bdi>{validity(policy)}</bdi>
                </Text>
                {actions(policy)}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      {editing && <PolicyDialog holderId={holderId} policy={editing === 'new' ? undefined : editing} today={today} onClose={() => setEditing(null)} />}
      {asking && (
        <EventDialog
          ask={asking.type === 'RENEW' ? 'endsOn' : 'reason'}
          title={t(`policies.event.${asking.type}.title`, { number: asking.policy.number })}
          body={t(`policies.event.${asking.type}.body`)}
          confirmLabel={t(`policies.action.${asking.type}`)}
          initial={asking.type === 'RENEW' ? addMonths(asking.policy.endsOn, 12) : undefined}
          busy={workflow.pending}
          error={workflow.refusal ?? undefined}
          onConfirm={(value) => fire(asking.policy, (asking.type === 'RENEW' ? { type: 'RENEW', endsOn: value } : { type: asking.type, reason: value }) as Omit<PolicyEvent, 'version'>)}
          onClose={() => {
            setAsking(null);
            workflow.clearRefusal();
          }}
        />
      )}
      <StaleVersionDialog {...workflow.stale} />
    </FormSection>
  );
}
