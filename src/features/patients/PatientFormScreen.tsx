import { useEffect } from 'react';
import { Alert, Button, Card, Field, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { decodeRule } from '../../components/form/rule-codec.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { patients, type Patient } from '../../api/resources/patients.ts';
import { policySummaryQuery } from '../../api/resources/policies.ts';
import { PATIENT_FIELDS, PATIENT_FORM } from './fields.ts';
import { PolicyPicker } from './PolicyPicker.tsx';
import { PolicySummaryCard } from './PolicySummaryCard.tsx';

const DUPLICATE = 'patientCoverage.duplicatePerson';

/** The policy of the patient: fixed by the route or the record, or chosen with the picker; its rule refusals under it. */
function PolicyChoice({ edit, fixed, editing }: { edit: EditController; fixed?: number; editing: boolean }) {
  const intl = useIntl();
  const chosen = Number(edit.form.watch('policyId')) || null;
  const policyId = fixed ?? chosen;
  const summary = useQuery({ ...policySummaryQuery(policyId ?? 0), enabled: policyId !== null });
  const { setValue } = edit.form;
  useEffect(() => {
    if (fixed !== undefined) setValue('policyId', String(fixed));
  }, [fixed, setValue]);
  const error = edit.form.formState.errors.policyId as { type: string; message?: string } | undefined;
  const label = intl.formatMessage({ id: 'patients.field.policyId' });
  return (
    <Card.Root as="fieldset">
      <Card.Header>
        <Card.Title as="legend">{label}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Field.Root invalid={Boolean(error)}>
          <Stack gap="4" w="full">
            {summary.data && <PolicySummaryCard policy={summary.data} headingLevel="h3" />}
            {fixed === undefined && !editing && (
              <PolicyPicker
                value={chosen}
                invalid={Boolean(error)}
                onChange={(policy) => {
                  setValue('policyId', String(policy.id), { shouldDirty: true });
                  edit.form.clearErrors('policyId');
                }}
              />
            )}
            {error && (
              <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
                <bdi>{fieldMessage(intl, label, decodeRule(error))}</bdi>
              </Field.ErrorText>
            )}
          </Stack>
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Shown once the server flagged the document as another policy's patient's: the user confirms it is the same person. */
function DuplicateConfirmation({ edit }: { edit: EditController }) {
  const intl = useIntl();
  const error = edit.form.formState.errors.documentNumber as { type: string; message?: string } | undefined;
  const flagged = error?.type === 'workflow' && decodeRule(error).params?.rule === DUPLICATE;
  if (!flagged && edit.form.watch('confirmDuplicate') !== true) return null;
  return (
    <Alert.Root status="warning" role="group" aria-label={intl.formatMessage({ id: 'patients.duplicate.title' })}>
      <Alert.Indicator />
      <Stack gap="3">
        <Alert.Title>{intl.formatMessage({ id: 'patients.duplicate.title' })}</Alert.Title>
        <Alert.Description>{intl.formatMessage({ id: 'patients.duplicate.body' })}</Alert.Description>
        <FieldInput resource="patients" name="confirmDuplicate" spec={PATIENT_FIELDS.confirmDuplicate} form={edit.form} />
      </Stack>
    </Alert.Root>
  );
}

/** `/pacientes/nuevo` (policy picked), `/pacientes/nuevo/:poliza_id` (policy fixed) and `/pacientes/editar/:id`. */
export default function PatientFormScreen() {
  const intl = useIntl();
  const { link, can } = useScreen();
  const params = useParams<{ id?: string; poliza_id?: string }>();
  const id = params.id ? Number(params.id) : undefined;
  const fixed = params.poliza_id ? Number(params.poliza_id) : undefined;
  const back = fixed !== undefined ? (link('byPolicy', { id: fixed }) ?? undefined) : undefined;
  return (
    <EditShell<Patient>
      resource={patients}
      id={id}
      specs={PATIENT_FIELDS}
      schemas={{ create: 'PatientInput', update: 'PatientUpdate' }}
      layout={PATIENT_FORM}
      // The policy is chosen once, at enrolment.
      payload={(body, _values, creating) => (creating ? body : Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'policyId')))}
      body={(edit, patient) => <PolicyChoice edit={edit} fixed={fixed ?? patient?.policyId} editing={Boolean(patient)} />}
      after={(edit) => <DuplicateConfirmation edit={edit} />}
      backHref={back}
      title={(patient) => (patient ? intl.formatMessage({ id: 'patients.edit' }, { name: patient.name }) : intl.formatMessage({ id: 'patients.new' }))}
      listLabel={intl.formatMessage({ id: 'patients.title' })}
      savedMessage={(patient, creating) => intl.formatMessage({ id: creating ? 'patients.enrolled' : 'common.saved' }, { name: patient.name })}
      headerActions={(patient) =>
        can('patients:read') && (
          <Button asChild variant="outline">
            <Link href={link('view', { id: patient.id }) ?? '/'}>
              <Eye aria-hidden size={16} />
              {intl.formatMessage({ id: 'patients.view' })}
            </Link>
          </Button>
        )
      }
    />
  );
}
