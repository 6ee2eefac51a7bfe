import { useIntl } from 'react-intl';
import { fieldColumns } from '../../components/list/columns.tsx';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { insurers, type Insurer } from '../../api/resources/insurers.ts';
import { INSURER_COLUMNS, INSURER_FIELDS, INSURER_LIST } from './fields.ts';

const columns = fieldColumns<Insurer>('insurers', INSURER_FIELDS, INSURER_LIST, INSURER_COLUMNS);

export default function InsurersListScreen() {
  const intl = useIntl();
  const list = useListController(insurers, INSURER_LIST);
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'insurers.title' })}
      columns={columns}
      rowLabel={(insurer) => insurer.name}
      createLabel={intl.formatMessage({ id: 'insurers.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'insurers.search' })}
    />
  );
}
