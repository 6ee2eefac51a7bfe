import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { ListShell } from '../../components/list/ListShell.tsx';
import type { ListSpec } from '../../components/list/list-state.ts';
import { useListController } from '../../components/list/useListController.ts';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';
import { doctorNamesQuery } from '../../api/resources/doctors.ts';
import { verifications, type VerificationQuery } from '../../api/resources/verifications.ts';
import { HISTORY_COLUMNS } from './columns.tsx';
import { DateRange, useDateRange } from '../../components/list/DateRange.tsx';

/** The range bounds the planned service date. */
const SERVICE_DATES = { from: 'verifications.filter.from', to: 'verifications.filter.to' };

const RESOLVED = ['verified', 'notEligible', 'expired', 'cancelled'] as const;
const { sortable, filters } = LIST_SPECS.verifications;
const SPEC: ListSpec = { sortable, defaultSort: '-plannedServiceDate', filters: { state: filters.state, insurerId: filters.insurerId, doctorId: filters.doctorId } };

/** `/verificaciones/existentes`: the resolved verifications by result, insurer, doctor and date range, with the validity left on verified ones. */
export default function HistoryScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const range = useDateRange();
  const list = useListController(verifications, SPEC, (query: VerificationQuery): VerificationQuery => ({ ...query, group: query.state ? undefined : 'history', from: range.from, to: range.to }));
  const { data: insurers = [] } = useQuery(insurerChoicesQuery());
  const { data: doctors = [] } = useQuery(doctorNamesQuery(''));
  return (
    <ListShell
      controller={list}
      title={t('area.verifications.existing')}
      columns={HISTORY_COLUMNS}
      rowLabel={(row) => row.folio}
      searchPlaceholder={t('verifications.search')}
      filterOptions={{
        state: RESOLVED.map((state) => ({ value: state, label: t(`machine.verification.state.${state}`) })),
        insurerId: insurers,
        doctorId: doctors.map((doctor) => ({ value: String(doctor.id), label: doctor.name })),
      }}
      open={{ screen: 'edit', create: null }}
    >
      <DateRange range={range} labelIds={SERVICE_DATES} />
    </ListShell>
  );
}
