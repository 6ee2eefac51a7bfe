import { useIntl } from 'react-intl';
import { Text } from '@chakra-ui/react';
import { ListShell } from '../../components/list/ListShell.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import { useListController } from '../../components/list/useListController.ts';
import { readyVerifications } from '../../api/resources/verifications.ts';
import { READY_COLUMNS } from './columns.tsx';

// The verification list's own sorts (contract listVerifications); its state is fixed to verified here.
const SPEC: ListSpec = { sortable: ['plannedServiceDate', 'folio', 'createdAt', 'updatedAt'], defaultSort: '-updatedAt', filters: {} };

/**
 * `/reembolsos/nueva`: the verified verifications a reimbursement can start from (the scheduler expires them when
 * their validity ends), with the patient, what was authorised and the validity left; a row opens the creation flow.
 */
export default function ReadyVerificationsScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  const list = useListController(readyVerifications, SPEC);
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: titleId })}
      intro={<Text color="fg.muted">{intl.formatMessage({ id: 'reimbursements.ready.intro' })}</Text>}
      columns={READY_COLUMNS}
      rowLabel={(row) => `${row.folio} · ${row.patientName}`}
      searchPlaceholder={intl.formatMessage({ id: 'reimbursements.ready.search' })}
      open={{ screen: 'create', params: (row) => ({ verificacion_id: row.id }), create: null }}
    />
  );
}
