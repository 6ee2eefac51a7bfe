import { Card, DataList, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { Session } from '../../app/session.tsx';
import { useUser } from '../../api/users.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { DisplaySettings } from './DisplaySettings.tsx';

interface Shown {
  name: string;
  email: string;
  roles: string[];
  createdAt?: string;
}

function ProfileCard({ user }: { user: Shown }) {
  const intl = useIntl();
  const rows: [string, string][] = [
    ['profile.email', user.email],
    ['profile.roles', user.roles.map((r) => intl.formatMessage({ id: `role.${r}`, defaultMessage: r })).join(', ') || intl.formatMessage({ id: 'role.none' })],
  ];
  if (user.createdAt) rows.push(['profile.since', intl.formatDate(user.createdAt, { dateStyle: 'long' })]);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{user.name}</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          {rows.map(([labelId, value]) => (
            <DataList.Item key={labelId}>
              <DataList.ItemLabel>{intl.formatMessage({ id: labelId })}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function OtherUser({ id }: { id: number }) {
  const { data, isPending } = useUser(id);
  if (isPending) return <Loading />;
  return data ? <ProfileCard user={data} /> : null;
}

/** `/perfil`: the signed-in user and their display settings; `/perfil/:id`: another user's profile. */
export default function ProfileScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id?: string }>();
  const me = Session.useSelector((s) => s.context.user);
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeader title={intl.formatMessage({ id: 'area.profile' })} />
      {id ? <OtherUser id={Number(id)} /> : me && <ProfileCard user={me as Shown} />}
      {!id && <DisplaySettings />}
    </Stack>
  );
}
