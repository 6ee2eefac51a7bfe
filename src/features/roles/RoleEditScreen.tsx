import { Alert, Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { FIELD_SPECS } from '../../../openapi/field-specs.ts';
import { ConflictDialog } from '../../components/edit/ConflictDialog.tsx';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { useEditController, useRecordLoader } from '../../components/edit/useEditController.ts';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { decodeRule } from '../../components/form/contract-resolver.ts';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { useScreen } from '../../components/layout/screen-context.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { roles, type Role } from './api.ts';
import { PermissionGrid } from './PermissionGrid.tsx';
import { RoleKind } from './RoleCells.tsx';

const ROLE_FIELDS = FIELD_SPECS.roles;
const SCHEMAS = { create: 'RoleUpdate', update: 'RoleUpdate' } as const;

function RoleForm({ role }: { role: Role }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { link } = useScreen();
  const edit = useEditController({ resource: roles, specs: ROLE_FIELDS, schemas: SCHEMAS, record: role });
  const name = intl.formatMessage({ id: `role.${role.code}`, defaultMessage: role.code });
  const error = edit.form.formState.errors.permissions as { type: string; message?: string } | undefined;
  const rule = error && decodeRule(error);
  const missing = rule?.keyword === 'administratorLockout' ? ((rule.params?.missing as string[] | undefined) ?? []) : [];
  const permissionName = (permission: string) => {
    const [resource, action] = permission.split(':');
    return t('roles.grid.cell', { resource: t(`permission.resource.${resource}`), action: t(`permission.action.${action}`) });
  };

  return (
    <>
      <PageHeader title={t('roles.edit', { name })} />
      <form noValidate onSubmit={edit.onSubmit}>
        <Stack gap="6">
          <Card.Root>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('roles.field.name')}</DataList.ItemLabel>
                  <DataList.ItemValue>{name}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('roles.field.code')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge variant="outline" fontFamily="mono">
                      {role.code}
                    </Badge>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('roles.field.system')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <RoleKind system={role.system} />
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('roles.field.userCount')}</DataList.ItemLabel>
                  <DataList.ItemValue>{intl.formatNumber(role.userCount)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
              {role.system && (
                <Text mt="3" fontSize="sm" color="fg.muted">
                  <bdi>{t('roles.systemNote')}</bdi>
                </Text>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root as="fieldset">
            <Card.Header>
              <Card.Title as="legend">{t('roles.permissions')}</Card.Title>
            </Card.Header>
            <Card.Body gap="4">
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>
                  <bdi>{t('roles.applyNote')}</bdi>
                </Alert.Title>
              </Alert.Root>
              {error && (
                <Alert.Root status="error" role="alert" id="permissions-error">
                  <Alert.Indicator />
                  <Alert.Title>
                    <bdi>{missing.length ? t('roles.lockout', { permissions: intl.formatList(missing.map(permissionName)) }) : fieldMessage(intl, t('roles.permissions'), rule!)}</bdi>
                  </Alert.Title>
                </Alert.Root>
              )}
              <Controller
                control={edit.form.control}
                name="permissions"
                render={({ field }) => (
                  <PermissionGrid caption={t('roles.permissions')} value={field.value as string[]} onChange={field.onChange} flagged={missing} />
                )}
              />
            </Card.Body>
          </Card.Root>
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

/** `/roles/editar/:id`: a role's permissions as a grid, saved with the version read. */
export default function RoleEditScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const loaded = useRecordLoader(roles, Number(id));
  if (loaded.status === 'notFound') return <RecordNotFound listLabel={intl.formatMessage({ id: 'area.roles.list' })} />;
  if (loaded.status !== 'ready') return <Loading />;
  return <RoleForm key={loaded.record.id} role={loaded.record} />;
}
