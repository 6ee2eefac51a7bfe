import { useQuery } from '@tanstack/react-query';
import { Card } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { users } from '../../api/resources/users.ts';
import { UserSummary } from './UserSummary.tsx';

/** `/perfil/:id`: another user's profile, read only (needs `users:read`). */
export function OtherUserProfile({ id }: { id: number }) {
  const intl = useIntl();
  const query = useQuery(users.oneQuery(id));
  if (query.error instanceof ApiError && query.error.status === 404) return <RecordNotFound listLabel={intl.formatMessage({ id: 'area.users.list' })} />;
  if (query.error) throw query.error;
  if (!query.data) return <Loading />;
  const user = query.data;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'profile.other' }, { name: user.name })} />
      <Card.Root maxW="3xl">
        <Card.Body>
          <UserSummary user={user} />
        </Card.Body>
      </Card.Root>
    </>
  );
}
