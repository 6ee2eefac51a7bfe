import { Badge, DataList, Wrap } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { statusOf, type User } from '../../api/resources/users.ts';

/** A user's account as others see it: e-mail, language, roles, status and since when; one's own shows what the form does not edit. */
export function UserSummary({ user, own = false }: { user: User; own?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <DataList.Root orientation="horizontal">
      <DataList.Item>
        <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <bdi>{user.email}</bdi>
        </DataList.ItemValue>
      </DataList.Item>
      {!own && (
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.language')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`lang.${user.locale}`)}</DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>{t('profile.roles')}</DataList.ItemLabel>
        <DataList.ItemValue>
          {user.roles.length ? (
            <Wrap gap="1">
              {user.roles.map((code) => (
                <Badge key={code} variant="subtle">
                  {intl.formatMessage({ id: `role.${code}`, defaultMessage: code })}
                </Badge>
              ))}
            </Wrap>
          ) : (
            t('role.none')
          )}
        </DataList.ItemValue>
      </DataList.Item>
      {!own && (
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.status')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`users.status.${statusOf(user)}`)}</DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>{t('profile.since')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <bdi>{intl.formatDate(user.createdAt, { dateStyle: 'long' })}</bdi>
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
