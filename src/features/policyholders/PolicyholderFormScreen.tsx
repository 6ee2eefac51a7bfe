import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import type { FieldSpec, FormValues } from '../../components/form/field-spec.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { policyholders, type Policyholder } from '../../api/resources/policyholders.ts';
import { BankDetails } from './BankDetails.tsx';
import { CONSENT_FIELDS, CONTACT_FIELDS, IDENTITY_FIELDS, PERSON_FIELDS, POLICYHOLDER_FIELDS } from './fields.tsx';
import { PoliciesPanel } from './PoliciesPanel.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import { FormSection } from '../../components/form/FormSection.tsx';
import { PayeeAccountPanel } from '../../components/bank-account/PayeeAccountPanel.tsx';

const SCHEMAS = { create: 'PolicyholderInput', update: 'PolicyholderUpdate' } as const;
type FieldName = keyof typeof POLICYHOLDER_FIELDS;

function HolderFields({ edit, record, readOnly }: { edit: EditController; record?: Policyholder; readOnly: boolean }) {
  const kind = useWatch({ control: edit.form.control, name: 'kind' }) as string;
  const field = (name: FieldName) => (
    <FieldInput key={name} resource="policyholders" name={name} spec={POLICYHOLDER_FIELDS[name] as FieldSpec} widget={name === 'phone' ? 'tel' : undefined} form={edit.form} />
  );
  const grid = (names: readonly FieldName[]) => (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {names.map(field)}
    </SimpleGrid>
  );
  const names: readonly FieldName[] = kind === 'COMPANY' ? ['kind', 'companyName'] : ['kind', ...PERSON_FIELDS];
  return (
    <>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="6">
          <FormSection titleId="policyholders.section.identity">
            <Stack gap="4">
              {grid(names)}
              {grid(IDENTITY_FIELDS)}
            </Stack>
          </FormSection>
          <FormSection titleId="policyholders.section.contact">{grid(CONTACT_FIELDS)}</FormSection>
          <FormSection titleId="policyholders.section.consent">{grid(CONSENT_FIELDS)}</FormSection>
        </Stack>
      </fieldset>
      <FormSection titleId="policyholders.section.bank">
        <BankDetails edit={edit} record={record} readOnly={readOnly} />
      </FormSection>
    </>
  );
}

/**
 * The body as the contract wants it: the other kind's names are not sent, a blank new account leaves the
 * stored one, and a blank required text is said as "please enter" rather than as a wrong type.
 */
const payload = (body: Record<string, unknown>, values: FormValues) => {
  const out: Record<string, unknown> = { ...body };
  if (values.kind === 'COMPANY') Object.assign(out, { firstNames: null, lastNames: null, birthDate: null });
  else out.companyName = null;
  if (!String(values.bankAccount ?? '').trim()) delete out.bankAccount;
  for (const name of ['email', 'privacyConsentVersion', 'privacyConsentDate']) if (out[name] === null) out[name] = '';
  return out;
};

/** `/titulares/nuevo` and `/titulares/editar/:id`: the holder, its bank details and its policies. */
export default function PolicyholderFormScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { id } = useParams<{ id?: string }>();
  const { may } = useScreen();
  const readOnly = id !== undefined && !may('update');
  return (
    <EditShell
      resource={policyholders}
      id={id ? Number(id) : undefined}
      specs={POLICYHOLDER_FIELDS}
      schemas={SCHEMAS}
      payload={payload}
      readOnly={readOnly}
      body={(edit, record) => <HolderFields edit={edit} record={record} readOnly={readOnly} />}
      title={(record) => (record ? t('policyholders.edit', { name: record.name }) : t('area.policyholders.new'))}
      listLabel={t('area.policyholders.list')}
      deleteTexts={(record) => ({ title: t('policyholders.delete.title'), body: t('policyholders.delete.body', { name: record.name }) })}
      beside={(record) => (
        <>
          <PoliciesPanel holderId={record.id} />
          <PayeeAccountPanel owner={{ ownerType: 'HOLDER', ownerId: record.id }} defaultHolderName={record.name} />
          <NotesPanel entityType="policyholder" entityId={record.id} />
        </>
      )}
    />
  );
}
