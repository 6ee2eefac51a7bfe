import { useEffect } from 'react';
import { Card, SimpleGrid } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import { AccessChoice } from './AccessChoice.tsx';
import { AccountActions } from './AccountActions.tsx';
import { users, type User } from '../../api/resources/users.ts';
import { USER_FIELDS } from './fields.tsx';
import { RolePicker } from './RolePicker.tsx';
import { InsurerStaffPicker } from './InsurerStaffPicker.tsx';
import { userPayload } from './user-payload.ts';
import { FormSection } from '../../components/form/FormSection.tsx';

const SCHEMAS = { create: 'UserCreate', update: 'UserUpdate' } as const;

/** Identity, roles, the insurers whose staff the user is, and the way in (new user) or the account's state (existing one). */
function UserFields({ edit, record }: { edit: EditController; record?: User }) {
  const intl = useIntl();
  // A new user starts in the language the administrator is using; a default, so the form stays clean.
  useEffect(() => {
    if (!record) edit.form.resetField('locale', { defaultValue: intl.locale });
  }, [record, edit.form, intl.locale]);
  const field = (name: string) => <FieldInput resource="users" name={name} spec={USER_FIELDS[name as keyof typeof USER_FIELDS]} form={edit.form} />;
  return (
    <>
      <FormSection titleId="users.section.identity">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('name')}
          {field('email')}
          {field('locale')}
        </SimpleGrid>
      </FormSection>
      <Card.Root>
        <Card.Body>
          <Controller
            control={edit.form.control}
            name="roles"
            render={({ field: roles, fieldState }) => <RolePicker value={roles.value as string[]} onChange={roles.onChange} error={fieldState.error as { type: string; message?: string } | undefined} />}
          />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Controller
            control={edit.form.control}
            name="insurerIds"
            render={({ field: insurers, fieldState }) => (
              <InsurerStaffPicker
                value={((insurers.value as string[] | undefined) ?? []).map(Number)}
                onChange={(ids) => insurers.onChange(ids.map(String))}
                error={fieldState.error as { type: string; message?: string } | undefined}
              />
            )}
          />
        </Card.Body>
      </Card.Root>
      {record ? (
        <FormSection titleId="users.section.account">
          <AccountActions user={record} onChanged={(changed) => edit.adoptVersion(changed.version)} />
        </FormSection>
      ) : (
        <FormSection titleId="users.section.access">
          <AccessChoice form={edit.form} />
        </FormSection>
      )}
    </>
  );
}

/** `/usuarios/nuevo` and `/usuarios/editar/:id`. */
export default function UserFormScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { id } = useParams<{ id?: string }>();
  return (
    <EditShell
      resource={users}
      id={id ? Number(id) : undefined}
      specs={USER_FIELDS}
      schemas={SCHEMAS}
      payload={userPayload}
      savedMessage={(saved, creating, values) => (!creating ? t('common.saved') : values.invite === true ? t('users.created.invited', { email: saved.email }) : t('users.created.password'))}
      body={(edit, record) => <UserFields edit={edit} record={record} />}
      title={(record) => (record ? t('users.edit', { name: record.name }) : t('area.users.new'))}
      listLabel={t('area.users.list')}
    />
  );
}
