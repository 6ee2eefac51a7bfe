import { Alert, Badge, Card, DataList, Text } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { FIELD_SPECS } from '../../../openapi/field-specs.ts';
import { EditShell } from '../../components/edit/EditShell.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { decodeRule } from '../../components/form/rule-codec.ts';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { roles, type Role } from '../../api/resources/roles.ts';
import { PermissionGrid } from './PermissionGrid.tsx';
import { RoleKind } from './RoleCells.tsx';

const ROLE_FIELDS = FIELD_SPECS.roles;
const SCHEMAS = { create: 'RoleUpdate', update: 'RoleUpdate' } as const;

const roleName = (intl: ReturnType<typeof useIntl>, role: Role) => intl.formatMessage({ id: `role.${role.code}`, defaultMessage: role.code });

/** The role's facts and its permissions as a grid, with the lockout error on the grid. */
function RoleFields({ edit, role }: { edit: EditController; role: Role }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const name = roleName(intl, role);
  const error = edit.form.formState.errors.permissions as { type: string; message?: string } | undefined;
  const rule = error && decodeRule(error);
  const missing = rule?.keyword === 'administratorLockout' ? ((rule.params?.missing as string[] | undefined) ?? []) : [];
  const permissionName = (permission: string) => {
    const [resource, action] = permission.split(':');
    return t('roles.grid.cell', { resource: t(`permission.resource.${resource}`), action: t(`permission.action.${action}`) });
  };

  return (
    <>
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
    </>
  );
}

/** `/roles/editar/:id`: a role's permissions as a grid, saved with the version read. */
export default function RoleEditScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  return (
    <EditShell
      resource={roles}
      id={Number(id)}
      specs={ROLE_FIELDS}
      schemas={SCHEMAS}
      wide
      body={(edit, role) => role && <RoleFields edit={edit} role={role} />}
      title={(role) => intl.formatMessage({ id: 'roles.edit' }, { name: role ? roleName(intl, role) : '' })}
      listLabel={intl.formatMessage({ id: 'area.roles.list' })}
    />
  );
}
