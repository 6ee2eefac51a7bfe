import { Box, Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import type { EditController } from '../../components/edit/useEditController.ts';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { FormSection } from '../../components/form/FormSection.tsx';
import type { FormValues } from '../../components/form/field-spec.ts';
import { announcements, useAudienceChoices, type Announcement } from '../../api/resources/announcements.ts';
import { AnnouncementStatePanel } from './AnnouncementStatePanel.tsx';
import { InstantField } from './InstantField.tsx';
import { ANNOUNCEMENT_FIELDS } from './fields.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { SaveAndPublish } from './SaveAndPublish.tsx';

const SCHEMAS = { create: 'AnnouncementInput', update: 'AnnouncementUpdate' } as const;
type FieldError = { type: string; message?: string } | undefined;

function AudiencePicker({ form }: { form: UseFormReturn<FormValues> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const audience = useWatch({ control: form.control, name: 'audience' }) as string;
  const choices = useAudienceChoices(audience !== 'everyone' && audience !== '');
  const many = (name: 'audienceRoles' | 'audienceUserIds', options: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value as string[];
        return (
          <Fieldset.Root invalid={Boolean(fieldState.error)}>
            <Fieldset.Legend fontWeight="medium">{t(`announcements.field.${name}`)}</Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
                {options.map((option) => (
                  <Checkbox.Root
                    key={option.value}
                    checked={value.includes(option.value)}
                    onCheckedChange={(e) => field.onChange(e.checked === true ? [...value, option.value] : value.filter((v) => v !== option.value))}
                  >
                    <Checkbox.HiddenInput name={name} value={option.value} />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      <bdi>{option.label}</bdi>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </Fieldset.Content>
            {fieldState.error && <Fieldset.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('announcements.audience.chooseSome')}</Fieldset.ErrorText>}
          </Fieldset.Root>
        );
      }}
    />
  );
  return (
    <Stack gap="4">
      <Box maxW="sm">
        <FieldInput resource="announcements" name="audience" spec={ANNOUNCEMENT_FIELDS.audience} form={form} />
      </Box>
      {audience === 'roles' && choices && many('audienceRoles', choices.roles.map((code) => ({ value: code, label: intl.formatMessage({ id: `role.${code}`, defaultMessage: code }) })))}
      {audience === 'users' && choices && many('audienceUserIds', choices.users)}
      {audience === 'insurer' && choices && (
        <Controller
          control={form.control}
          name="audienceInsurerId"
          render={({ field, fieldState }) => (
            <FormField label={t('announcements.field.audienceInsurerId')} error={fieldState.error as FieldError} required choice>
              <NativeSelect.Root maxW="sm">
                <NativeSelect.Field name="audienceInsurerId" value={field.value as string} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur}>
                  <option value="">{t('form.choose')}</option>
                  {choices.insurers.map((insurer) => (
                    <option key={insurer.value} value={insurer.value}>
                      {insurer.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        />
      )}
    </Stack>
  );
}

function AnnouncementFields({ edit, record }: { edit: EditController; record?: Announcement }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const field = (name: keyof typeof ANNOUNCEMENT_FIELDS) => <FieldInput key={name} resource="announcements" name={name} spec={ANNOUNCEMENT_FIELDS[name]} form={edit.form} />;
  return (
    <>
      {record && (
        <FormSection titleId="announcements.section.state">
          <AnnouncementStatePanel record={record} dirty={edit.form.formState.isDirty} onChanged={(changed) => edit.adoptVersion(changed.version)} />
        </FormSection>
      )}
      <FormSection titleId="announcements.section.content">
        <Stack gap="4">
          {field('title')}
          <Controller
            control={edit.form.control}
            name="body"
            render={({ field: body, fieldState }) => (
              <RichTextEditor
                label={t('announcements.field.body')}
                help={record?.state === 'published' ? t('announcements.field.body.helpPublished') : t('announcements.field.body.help')}
                value={body.value as string}
                onChange={body.onChange}
                onBlur={body.onBlur}
                error={fieldState.error as FieldError}
              />
            )}
          />
          <Box maxW="sm">{field('priority')}</Box>
        </Stack>
      </FormSection>
      <FormSection titleId="announcements.section.audience">
        <AudiencePicker form={edit.form} />
      </FormSection>
      <FormSection titleId="announcements.section.publication">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InstantField form={edit.form} name="publishFrom" label={t('announcements.field.publishFrom')} />
            <InstantField form={edit.form} name="publishUntil" label={t('announcements.field.publishUntil')} />
          </SimpleGrid>
          <Stack gap="3">
            {field('requiresAcknowledgement')}
            {field('blocking')}
          </Stack>
        </Stack>
      </FormSection>
      {record && record.state !== 'draft' && (
        <FormSection titleId="announcements.section.report">
          <ReportPanel id={record.id} />
        </FormSection>
      )}
    </>
  );
}

/** Picked ids as numbers, only the audience's own list, and "now" when no start was given. */
const payload = (body: Record<string, unknown>, values: FormValues) => ({
  ...body,
  publishFrom: (values.publishFrom as string) || new Date().toISOString(),
  audienceRoles: values.audience === 'roles' ? values.audienceRoles : [],
  audienceUserIds: values.audience === 'users' ? (values.audienceUserIds as string[]).map(Number) : [],
  audienceInsurerId: values.audience === 'insurer' ? body.audienceInsurerId : null,
});

/** `/comunicados/nuevo` and `/comunicados/editar/:id`. */
export default function AnnouncementFormScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { id } = useParams<{ id?: string }>();
  return (
    <EditShell
      resource={announcements}
      id={id ? Number(id) : undefined}
      specs={ANNOUNCEMENT_FIELDS}
      schemas={SCHEMAS}
      payload={payload}
      body={(edit, record) => <AnnouncementFields edit={edit} record={record} />}
      submitActions={(edit, record) => (!record || record.state === 'draft') && <SaveAndPublish edit={edit} />}
      title={(record) => (record ? t('announcements.edit', { title: record.title }) : t('area.announcements.new'))}
      listLabel={t('area.announcements.list')}
      savedMessage={(_saved, creating) => t(creating ? 'announcements.created' : 'common.saved')}
    />
  );
}
