import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import type { FormRow, FormValues } from '../../components/form/field-spec.ts';
import { AgreementsEditor, agreementsPayload } from './AgreementsEditor.tsx';
import { doctors, type Doctor } from '../../api/resources/doctors.ts';
import { doctorName } from './DoctorCells.tsx';
import { DoctorStatePanel } from './DoctorStatePanel.tsx';
import { CLINIC_FIELDS, DOCTOR_FIELDS, IDENTITY_FIELDS, LICENSE_FIELDS } from './fields.tsx';
import { SpecialtiesPicker } from './SpecialtiesPicker.tsx';
import { PayeeAccountPanel } from '../../components/bank-account/PayeeAccountPanel.tsx';
import { FormSection } from '../../components/form/FormSection.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';

const SCHEMAS = { create: 'DoctorInput', update: 'DoctorUpdate' } as const;
type FieldName = keyof typeof DOCTOR_FIELDS;
type FieldError = { type: string; message?: string } | undefined;


function DoctorFields({ edit, record, readOnly }: { edit: EditController; record?: Doctor; readOnly: boolean }) {
  const field = (name: FieldName) => <FieldInput key={name} resource="doctors" name={name} spec={DOCTOR_FIELDS[name]} widget={name === 'clinicPhone' ? 'tel' : undefined} form={edit.form} />;
  const grid = (names: readonly FieldName[]) => (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {names.map(field)}
    </SimpleGrid>
  );
  const main = useWatch({ control: edit.form.control, name: 'specialty' }) as string;
  return (
    // A reader (treasury keeping the payee account) sees the doctor but cannot change it.
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="6">
        {record && (
          <FormSection titleId="doctors.section.state">
            <DoctorStatePanel record={record} onChanged={(changed) => edit.adoptVersion(changed.version)} />
          </FormSection>
        )}
        <FormSection titleId="doctors.section.identity">{grid(IDENTITY_FIELDS)}</FormSection>
        <FormSection titleId="doctors.section.license">
          <Stack gap="5">
            {grid(LICENSE_FIELDS)}
            <Controller
              control={edit.form.control}
              name="otherSpecialties"
              render={({ field: others, fieldState }) => <SpecialtiesPicker value={others.value as string[]} main={main} onChange={others.onChange} error={fieldState.error as FieldError} />}
            />
          </Stack>
        </FormSection>
        <FormSection titleId="doctors.section.clinic">{grid(CLINIC_FIELDS)}</FormSection>
        <FormSection titleId="doctors.section.agreements">
          <Stack gap="5">
            {/* A block of its own, so the checkbox starts where the reading does (left, or right in RTL). */}
            <Box>{field('inNetwork')}</Box>
            <Controller
              control={edit.form.control}
              name="agreements"
              render={({ field: agreements, fieldState }) => <AgreementsEditor value={agreements.value as FormRow[]} onChange={agreements.onChange} error={fieldState.error as FieldError} />}
            />
          </Stack>
        </FormSection>
      </Stack>
    </fieldset>
  );
}

/** Agreement rows as the contract's agreements; the main specialty is never among the others. */
const payload = (body: Record<string, unknown>, values: FormValues) => ({
  ...body,
  otherSpecialties: (values.otherSpecialties as string[]).filter((code) => code !== values.specialty),
  agreements: agreementsPayload(values.agreements as FormRow[]),
});

/** `/doctores/nuevo` and `/doctores/editar/:id`. */
export default function DoctorFormScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { id } = useParams<{ id?: string }>();
  const { may } = useScreen();
  const readOnly = id !== undefined && !may('update');
  return (
    <EditShell
      resource={doctors}
      id={id ? Number(id) : undefined}
      specs={DOCTOR_FIELDS}
      schemas={SCHEMAS}
      payload={payload}
      readOnly={readOnly}
      body={(edit, record) => <DoctorFields edit={edit} record={record} readOnly={readOnly} />}
      title={(record) => (record ? t('doctors.edit', { name: doctorName(record) }) : t('area.doctors.new'))}
      listLabel={t('area.doctors.list')}
      beside={(record) => (
        <>
          <PayeeAccountPanel owner={{ ownerType: 'DOCTOR', ownerId: record.id }} defaultHolderName={doctorName(record)} />
          <NotesPanel entityType="doctor" entityId={record.id} />
        </>
      )}
      deleteTexts={(record) => ({ title: t('doctors.delete.title'), body: t('doctors.delete.body', { name: doctorName(record) }) })}
    />
  );
}
