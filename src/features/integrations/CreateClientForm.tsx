import { useState } from 'react';
import { Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { CheckboxGroupField } from '../../components/form/CheckboxGroupField.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { doctorChoicesQuery, insurerChoicesQuery, scopesQuery, useClientAction, type ClientWithSecret, type SmartScope } from '../../api/resources/integration-clients.ts';

/** A new client: its name, the scopes it may ask for, and the insurers and doctors it acts for. */
export function CreateClientForm({ onCreated }: { onCreated: (made: ClientWithSecret) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<SmartScope[]>([]);
  const [insurerIds, setInsurerIds] = useState<number[]>([]);
  const [doctorIds, setDoctorIds] = useState<number[]>([]);
  const action = useClientAction();
  const scopeChoices = useQuery({ ...scopesQuery(), select: (scopes) => scopes.map((s) => ({ value: s, label: <bdi dir="ltr">{s}</bdi> })) });
  const insurers = useQuery({ ...insurerChoicesQuery(), select: (page) => page.items.map((i) => ({ value: i.id, label: i.name })) });
  const doctors = useQuery({ ...doctorChoicesQuery(), select: (page) => page.items.map((d) => ({ value: d.id, label: `${d.lastNames}, ${d.firstNames}` })) });
  const submit = () =>
    action.mutate(
      { kind: 'create', input: { name, scopes, insurerIds, doctorIds, rateLimitPerMinute: 120 } },
      {
        onSuccess: (made) => {
          setName('');
          setScopes([]);
          setInsurerIds([]);
          setDoctorIds([]);
          onCreated(made as ClientWithSecret);
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  return (
    <Stack as="form" gap="5" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="integration-create">
      <Field.Root required>
        <Field.Label>{t('integrations.field.name')}</Field.Label>
        <Input name="name" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
      </Field.Root>
      <CheckboxGroupField name="scopes" label={t('integrations.field.scopes')} help={t('integrations.field.scopes.help')} choices={scopeChoices} loadFailed={t('integrations.loadFailed')} value={scopes} onChange={setScopes} testId="integration-scopes" />
      <CheckboxGroupField name="insurerIds" label={t('integrations.field.insurers')} help={t('integrations.field.insurers.help')} choices={insurers} loadFailed={t('integrations.loadFailed')} value={insurerIds} onChange={setInsurerIds} testId="integration-insurers" />
      <CheckboxGroupField name="doctorIds" label={t('integrations.field.doctors')} help={t('integrations.field.doctors.help')} choices={doctors} loadFailed={t('integrations.loadFailed')} value={doctorIds} onChange={setDoctorIds} testId="integration-doctors" />
      <HStack>
        <BusyButton type="submit" loading={action.isPending} disabled={!name.trim() || !scopes.length || !insurerIds.length}>
          {t('integrations.create')}
        </BusyButton>
      </HStack>
    </Stack>
  );
}
