import { useIntl } from 'react-intl';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { policyholders } from '../../api/resources/policyholders.ts';
import { POLICYHOLDER_COLUMNS, POLICYHOLDER_LIST } from './fields.tsx';

/** `/titulares`: search by name, document or affiliate number; kind and active filters; sort and paging in the URL; bank accounts masked. */
export default function PolicyholdersListScreen() {
  const intl = useIntl();
  const list = useListController(policyholders, POLICYHOLDER_LIST);
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.policyholders.list' })}
      columns={POLICYHOLDER_COLUMNS}
      rowLabel={(holder) => holder.name}
      createLabel={intl.formatMessage({ id: 'area.policyholders.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'policyholders.search' })}
    />
  );
}
