import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';
import { doctors } from '../../api/resources/doctors.ts';
import { doctorName } from './DoctorCells.tsx';
import { DOCTOR_COLUMNS, DOCTOR_LIST } from './fields.tsx';

/** `/doctores`: search by name, licence, document or fiscal id; filters by specialty, network, state and insurer agreement; sort and paging in the URL. */
export default function DoctorsListScreen() {
  const intl = useIntl();
  const list = useListController(doctors, DOCTOR_LIST);
  // The contract types `insurerId` as any id: the choices are the insurers there are, by name.
  const { data: insurers = [] } = useQuery(insurerChoicesQuery());
  return (
    <ListShell
      controller={list}
      title={intl.formatMessage({ id: 'area.doctors.list' })}
      columns={DOCTOR_COLUMNS}
      rowLabel={doctorName}
      createLabel={intl.formatMessage({ id: 'area.doctors.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'doctors.search' })}
      filterOptions={{ insurerId: insurers }}
    />
  );
}
