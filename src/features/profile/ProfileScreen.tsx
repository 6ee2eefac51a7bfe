import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { useMe, useSessionToken } from '../../session/useMe.ts';
import { RecordNotFound } from '../../components/edit/RecordNotFound.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { DisplaySettings } from './DisplaySettings.tsx';
import { OtherUserProfile } from './OtherUserProfile.tsx';
import { OwnProfileForm } from './OwnProfileForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';

function OwnProfile() {
  const intl = useIntl();
  const token = useSessionToken();
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'area.profile' })} />
      <Stack gap="6">
        {/* Keyed by the account: another sign-in gets a fresh form. */}
        <OwnProfileForm key={me.data.user.id} user={me.data.user} token={token} />
        <PasswordForm />
        <DisplaySettings />
      </Stack>
    </>
  );
}

/** `/perfil`: one's own profile, password and display settings; `/perfil/:id`: another user's profile, read only. */
export default function ProfileScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id?: string }>();
  let content;
  if (id === undefined) content = <OwnProfile />;
  else if (/^[1-9]\d{0,8}$/.test(id)) content = <OtherUserProfile id={Number(id)} />;
  else content = <RecordNotFound listLabel={intl.formatMessage({ id: 'area.users.list' })} />;
  return <Stack maxW="4xl">{content}</Stack>;
}
