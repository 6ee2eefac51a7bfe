import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { fieldColumns } from '../../components/list/columns.tsx';
import { ListShell } from '../../components/list/ListShell.tsx';
import { useListController } from '../../components/list/useListController.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import { patients, type Patient } from '../../api/resources/patients.ts';
import { policySummaryQuery } from '../../api/resources/policies.ts';
import { PATIENT_COLUMNS, PATIENT_FIELDS, PATIENT_LIST } from './fields.ts';
import { PolicySummaryCard } from './PolicySummaryCard.tsx';

const columns = fieldColumns<Patient>('patients', PATIENT_FIELDS, PATIENT_LIST, PATIENT_COLUMNS);

/** `/pacientes` (every patient) and `/pacientes/:id` (one policy's, under its summary); a row opens the patient view. */
export default function PatientsListScreen() {
  const intl = useIntl();
  const { link } = useScreen();
  const params = useParams<{ id?: string }>();
  const policyId = params.id ? Number(params.id) : undefined;
  const summary = useQuery({ ...policySummaryQuery(policyId ?? 0), enabled: policyId !== undefined });
  const list = useListController(patients, PATIENT_LIST, policyId === undefined ? undefined : (query) => ({ ...query, policyId }));
  const policy = summary.data;
  return (
    <ListShell
      controller={list}
      title={policy ? intl.formatMessage({ id: 'patients.ofPolicy' }, { number: policy.number }) : intl.formatMessage({ id: 'patients.title' })}
      columns={columns}
      rowLabel={(patient) => patient.name}
      createLabel={intl.formatMessage({ id: 'patients.new' })}
      searchPlaceholder={intl.formatMessage({ id: 'patients.search' })}
      open={{ screen: 'view', create: policy ? (policy.acceptsPatients ? link('createForPolicy', { poliza_id: policy.id }) : null) : undefined }}
      intro={
        policy && (
          <>
            <PolicySummaryCard policy={policy} />
            <NotesPanel entityType="policy" entityId={policy.id} />
          </>
        )
      }
    />
  );
}
