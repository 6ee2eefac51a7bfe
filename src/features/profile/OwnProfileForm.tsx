import { useState } from 'react';
import { Card, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { problemKind, type Schemas } from '../../api/client.ts';
import { meQuery } from '../../api/resources/me.ts';
import { usePreferencesActor } from '../../session/preferences.tsx';
import { ConflictDialog } from '../../components/edit/ConflictDialog.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { LOCALES } from '../../machines/preferences.machine.ts';
import { useUpdateMe } from '../../api/resources/me.ts';
import { SavedNotice } from './SavedNotice.tsx';
import { UserSummary } from './UserSummary.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

type Values = { name: string; locale: string };
const FIELDS = ['name', 'locale'];

/** One's own name and language, saved with the version read; the language is the interface's too. */
export function OwnProfileForm({ user, token }: { user: Schemas['User']; token: string | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const preferences = usePreferencesActor();
  const queryClient = useQueryClient();
  const save = useUpdateMe();
  const [version, setVersion] = useState(user.version);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const payload = (values: Values, withVersion = version) => ({ name: values.name.trim(), locale: values.locale as Schemas['Locale'], version: withVersion });
  const form = useForm<Values>({
    resolver: contractResolver('ProfileUpdate', (values: Values) => payload(values)),
    defaultValues: { name: user.name, locale: user.locale },
  });
  const errorOf = (name: keyof Values) => form.formState.errors[name] as { type: string; message?: string } | undefined;

  const submit = (values: Values, withVersion = version) => {
    setSaved(false);
    save.mutate(payload(values, withVersion), {
      onSuccess: ({ user: updated }) => {
        setVersion(updated.version);
        form.reset({ name: updated.name, locale: updated.locale });
        preferences.send({ type: 'SET_LOCALE', value: updated.locale });
        setSaved(true);
      },
      onError: (error) => {
        if (problemKind(error) === 'stale-version') return setConflict(true);
        if (!applyServerErrors(error, FIELDS, form.setError)) notifyError(intl, error);
      },
    });
  };
  const latest = () => queryClient.fetchQuery({ ...meQuery(token), staleTime: 0 });

  return (
    <Card.Root as="section" aria-labelledby="profile-personal">
      <Card.Header>
        <Card.Title as="h2" id="profile-personal">
          {t('profile.section.personal')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <UserSummary user={user} own />
          <form noValidate onSubmit={form.handleSubmit((values) => submit(values))}>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label={t('profile.field.name')} required error={errorOf('name')}>
                  <Input dir="auto" autoComplete="name" {...form.register('name')} />
                </FormField>
                <FormField label={t('profile.field.locale')} required choice error={errorOf('locale')} helper={<bdi>{t('profile.field.locale.help')}</bdi>}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('locale')}>
                      {LOCALES.map((code) => (
                        <option key={code} value={code} lang={code}>
                          {t(`lang.${code}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
              <SavedNotice message={saved ? t('profile.saved') : null} />
              <HStack justify="flex-end">
                <BusyButton type="submit" colorPalette="blue" loading={save.isPending} loadingText={t('common.saving')}>
                  {t('common.save')}
                </BusyButton>
              </HStack>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
      <ConflictDialog
        open={conflict}
        busy={save.isPending}
        onClose={() => setConflict(false)}
        onReload={async () => {
          const current = (await latest()).user;
          setVersion(current.version);
          form.reset({ name: current.name, locale: current.locale });
          setConflict(false);
        }}
        onOverwrite={async () => {
          const current = (await latest()).user;
          setVersion(current.version);
          setConflict(false);
          submit(form.getValues(), current.version);
        }}
      />
    </Card.Root>
  );
}
