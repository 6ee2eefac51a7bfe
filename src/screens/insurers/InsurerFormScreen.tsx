import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, HStack, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { insurerQuery, useInsurer, useSaveInsurer, type Insurer } from '../../api/insurers.ts';
import { contractResolver } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { messenger } from '../../components/feedback/toaster.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { PageHeader } from '../PageHeader.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { EMPTY_INSURER, FORM_FIELDS, SECTIONS, toFormValues, toInsurerInput, type InsurerFormValues } from './insurer-form.ts';

function InsurerForm({ insurer }: { insurer?: Insurer }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const save = useSaveInsurer();
  const [version, setVersion] = useState(insurer?.version);
  const [conflict, setConflict] = useState(false);
  const form = useForm<InsurerFormValues>({
    resolver: contractResolver(insurer ? 'InsurerUpdate' : 'InsurerInput', (v: InsurerFormValues) => ({ ...toInsurerInput(v), ...(insurer ? { version } : {}) })),
    defaultValues: insurer ? toFormValues(insurer) : EMPTY_INSURER,
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;

  const submit = (values: InsurerFormValues, withVersion = version) =>
    save.mutate(
      { id: insurer?.id, input: toInsurerInput(values), version: withVersion },
      {
        onSuccess: () => {
          messenger.create({ type: 'success', title: t(insurer ? 'common.saved' : 'common.created') });
          navigate('/aseguradoras');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'conflict.staleVersion') return setConflict(true);
          if (!applyServerErrors(error, FORM_FIELDS, setError)) notifyError(intl, error);
        },
      },
    );

  const latest = () => queryClient.fetchQuery({ ...insurerQuery(insurer!.id), staleTime: 0 });
  const reload = async () => {
    const current = await latest();
    setVersion(current.version);
    reset(toFormValues(current));
    setConflict(false);
  };
  const overwrite = async () => {
    const current = await latest();
    setVersion(current.version);
    setConflict(false);
    submit(form.getValues(), current.version);
  };

  return (
    <form noValidate onSubmit={handleSubmit((values) => submit(values))}>
      <Stack gap="6" maxW="4xl">
        {SECTIONS.map((section) => (
          <Card.Root key={section.titleId} as="fieldset">
            <Card.Header>
              <Card.Title as="legend">{t(section.titleId)}</Card.Title>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {section.fields.map((field) => (
                  <FormField key={field.name} label={t(`insurers.field.${field.name}`)} required={field.required} error={formState.errors[field.name]}>
                    {field.multiline ? <Textarea rows={3} {...register(field.name)} /> : <Input type={field.type ?? 'text'} inputMode={field.inputMode} {...register(field.name)} />}
                  </FormField>
                ))}
                {section.titleId === 'insurers.section.rules' && (
                  <Controller
                    control={control}
                    name="active"
                    render={({ field }) => (
                      <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(Boolean(e.checked))} alignSelf="end">
                        <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                        <Checkbox.Control />
                        <Checkbox.Label>{t('insurers.field.active')}</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                )}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        ))}
        <HStack justify="flex-end" gap="3">
          <Button asChild variant="outline">
            <Link href="/aseguradoras">{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" colorPalette="blue" loading={save.isPending} loadingText={t('common.saving')}>
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
      <ConflictDialog open={conflict} busy={save.isPending} onReload={reload} onOverwrite={overwrite} onClose={() => setConflict(false)} />
    </form>
  );
}

function EditInsurer({ id }: { id: number }) {
  const intl = useIntl();
  const { data, error, isPending } = useInsurer(id);
  useEffect(() => {
    if (error) notifyError(intl, error);
  }, [error, intl]);
  if (error) throw error;
  if (isPending) return <Loading />;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'insurers.edit' }, { name: data.name })} />
      {/* Keyed by id only: a background refetch must not wipe what the user is typing. */}
      <InsurerForm key={id} insurer={data} />
    </>
  );
}

/** `/aseguradoras/nueva` and `/aseguradoras/editar/:id`. */
export default function InsurerFormScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id?: string }>();
  if (id) return <EditInsurer id={Number(id)} />;
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'insurers.new' })} />
      <InsurerForm />
    </>
  );
}
