import { useEffect, type ReactNode } from 'react';
import { Button, Card, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { ConflictDialog } from '../../components/edit/ConflictDialog.tsx';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { useEditController, useRecordLoader } from '../../components/edit/useEditController.ts';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { AccessChoice } from './AccessChoice.tsx';
import { AccountActions } from './AccountActions.tsx';
import { users, type User } from './api.ts';
import { USER_FIELDS } from './fields.tsx';
import { RolePicker } from './RolePicker.tsx';
import { userPayload } from './user-payload.ts';

const SCHEMAS = { create: 'UserCreate', update: 'UserUpdate' } as const;

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card.Root as="fieldset">
      <Card.Header>
        <Card.Title as="legend">{intl.formatMessage({ id: titleId })}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function UserForm({ record }: { record?: User }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const edit = useEditController({
    resource: users,
    specs: USER_FIELDS,
    schemas: SCHEMAS,
    record,
    payload: userPayload,
    onSaved: (saved: User, creating: boolean) => {
      if (creating) messenger.create({ type: 'success', title: saved && edit.form.getValues('invite') === true ? t('users.created.invited', { email: saved.email }) : t('users.created.password') });
      else messenger.create({ type: 'success', title: t('common.saved') });
      edit.backToList();
    },
  });
  // A new user starts in the language the administrator is using; a default, so the form stays clean.
  useEffect(() => {
    if (!record) edit.form.resetField('locale', { defaultValue: intl.locale });
  }, [record, edit.form, intl.locale]);
  const field = (name: string) => <FieldInput resource="users" name={name} spec={USER_FIELDS[name as keyof typeof USER_FIELDS]} form={edit.form} />;

  return (
    <>
      <PageHeader title={record ? t('users.edit', { name: record.name }) : t('area.users.new')} />
      <form noValidate onSubmit={edit.onSubmit}>
        <Stack gap="6" maxW="4xl">
          <Section titleId="users.section.identity">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {field('name')}
              {field('email')}
              {field('locale')}
            </SimpleGrid>
          </Section>
          <Card.Root>
            <Card.Body>
              <Controller
                control={edit.form.control}
                name="roles"
                render={({ field: roles, fieldState }) => <RolePicker value={roles.value as string[]} onChange={roles.onChange} error={fieldState.error as { type: string; message?: string } | undefined} />}
              />
            </Card.Body>
          </Card.Root>
          {record ? (
            <Section titleId="users.section.account">
              <AccountActions user={record} onChanged={(changed) => edit.adoptVersion(changed.version)} />
            </Section>
          ) : (
            <Section titleId="users.section.access">
              <AccessChoice form={edit.form} />
            </Section>
          )}
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="outline">
              <Link href={link('list') ?? '/'}>{t('common.cancel')}</Link>
            </Button>
            <Button type="submit" colorPalette="blue" loading={edit.saving} loadingText={t('common.saving')}>
              {t('common.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <ConflictDialog open={edit.conflict.open} busy={edit.saving} onReload={edit.conflict.reload} onOverwrite={edit.conflict.overwrite} onClose={edit.conflict.close} />
      <ConfirmDialog
        open={edit.guard.pending !== null}
        title={t('leave.title')}
        body={t('leave.body')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.stay')}
        onConfirm={edit.guard.leave}
        onClose={edit.guard.stay}
      />
    </>
  );
}

/** `/usuarios/nuevo` and `/usuarios/editar/:id`. */
export default function UserFormScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id?: string }>();
  const loaded = useRecordLoader(users, id ? Number(id) : undefined);
  if (loaded.status === 'notFound') return <RecordNotFound listLabel={intl.formatMessage({ id: 'area.users.list' })} />;
  if (loaded.status === 'loading') return <Loading />;
  return <UserForm key={id ?? 'new'} record={loaded.status === 'ready' ? loaded.record : undefined} />;
}
