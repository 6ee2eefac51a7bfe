import type { ReactNode } from 'react';
import { Button, Card, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Resource, VersionedRecord } from '../../api/resources/define-resource.ts';
import { ConfirmDialog } from '../feedback/ConfirmDialog.tsx';
import { Loading } from '../feedback/Loading.tsx';
import { FieldInput } from '../form/FieldInput.tsx';
import type { FieldSpecs, Widget } from '../form/field-spec.ts';
import type { FormSchema } from '../form/validate.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useScreen } from '../layout/screen-context.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { RecordNotFound } from './RecordNotFound.tsx';
import { useEditController, useRecordLoader, type EditController, type EditOptions } from './useEditController.ts';
import { BusyButton } from '../form/BusyButton.tsx';

/** A form's sections: a legend and the fields in it, each by name or with the input it should get. */
export type FormLayout = { titleId: string; fields: (string | { name: string; widget: Widget })[] }[];

interface Props<R extends VersionedRecord> extends Pick<EditOptions<R>, 'payload' | 'savedMessage' | 'backHref'> {
  resource: Resource<R, never, never>;
  /** Absent on the create screen. */
  id?: number;
  specs: FieldSpecs;
  schemas: { create: FormSchema; update: FormSchema };
  /** The form's sections, drawn from the field specs; or give `body`. */
  layout?: FormLayout;
  /** The form's content when the specs cannot draw it (custom controls), inside the same form, above Cancel/Save. */
  body?: (edit: EditController, record?: R) => ReactNode;
  /** More ways to save, beside Save (save and publish, say): buttons that call `edit.submitThen`. */
  submitActions?: (edit: EditController, record?: R) => ReactNode;
  /** Content after the sections, above Cancel/Save (a confirmation the last save asked for, say). */
  after?: (edit: EditController, record?: R) => ReactNode;
  /** Panels about the saved record under the form (its policies, its notes): outside it, so their own forms stay apart. */
  beside?: (record: R) => ReactNode;
  /** Let the body use the page's full width (a wide grid) instead of a form's reading width. */
  wide?: boolean;
  /** The page title: for a new record, or for the record being edited. */
  title: (record?: R) => string;
  listLabel: string;
  /** The delete confirmation's texts for a record; without them the screen offers no delete. */
  deleteTexts?: (record: R) => { title: string; body: string };
  /** Actions on the record shown in the header, before Delete. */
  headerActions?: (record: R) => ReactNode;
  /** The user may look but not save (a reader): no Save button; the body disables its own inputs. */
  readOnly?: boolean;
}

function EditForm<R extends VersionedRecord>({ record, ...props }: Props<R> & { record?: R }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { may } = useScreen();
  const edit = useEditController({ resource: props.resource, specs: props.specs, schemas: props.schemas, record, payload: props.payload, savedMessage: props.savedMessage, backHref: props.backHref });
  const confirmDelete = record && props.resource.remove && props.deleteTexts?.(record);
  return (
    <>
      <PageHeader title={props.title(record)}>
        {record && props.headerActions?.(record)}
        {confirmDelete && may('delete') && (
          <Button variant="outline" colorPalette="red" onClick={edit.deletion.ask}>
            <Trash2 aria-hidden size={16} />
            {t('common.delete')}
          </Button>
        )}
      </PageHeader>
      <form noValidate onSubmit={edit.onSubmit}>
        <Stack gap="6" maxW={props.wide ? undefined : '4xl'}>
          {props.body?.(edit, record)}
          {props.layout?.map((section) => (
            <Card.Root key={section.titleId} as="fieldset">
              <Card.Header>
                <Card.Title as="legend">{t(section.titleId)}</Card.Title>
              </Card.Header>
              <Card.Body>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {section.fields.map((field) => {
                    const { name, widget } = typeof field === 'string' ? { name: field, widget: undefined } : field;
                    return <FieldInput key={name} resource={props.resource.name} name={name} spec={props.specs[name]} widget={widget} form={edit.form} />;
                  })}
                </SimpleGrid>
              </Card.Body>
            </Card.Root>
          ))}
          {props.after?.(edit, record)}
          <HStack justify="flex-end" gap="3" wrap="wrap">
            <Button asChild variant="outline">
              <Link href={edit.back}>{t('common.cancel')}</Link>
            </Button>
            {!props.readOnly && props.submitActions?.(edit, record)}
            {!props.readOnly && (
              <BusyButton type="submit" colorPalette="blue" loading={edit.saving} loadingText={t('common.saving')}>
                {t('common.save')}
              </BusyButton>
            )}
          </HStack>
        </Stack>
      </form>
      {record && props.beside && (
        <Stack gap="8" mt="8">
          {props.beside(record)}
        </Stack>
      )}
      <ConflictDialog open={edit.conflict.open} busy={edit.saving} onReload={edit.conflict.reload} onOverwrite={edit.conflict.overwrite} onClose={edit.conflict.close} />
      {confirmDelete && (
        <ConfirmDialog
          open={edit.deletion.open}
          title={confirmDelete.title}
          body={confirmDelete.body}
          confirmLabel={t('common.delete')}
          busy={edit.deletion.busy}
          onConfirm={edit.deletion.confirm}
          onClose={edit.deletion.close}
        />
      )}
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

/**
 * A create or edit screen from the resource's field specification and a layout of sections: loading,
 * the not-found state, the form with its dialogs. The form is keyed by the record's id, so a background
 * refetch never wipes what the user is typing.
 */
export function EditShell<R extends VersionedRecord>(props: Props<R>) {
  const loaded = useRecordLoader(props.resource, props.id);
  if (loaded.status === 'loading') return <Loading />;
  if (loaded.status === 'notFound') return <RecordNotFound listLabel={props.listLabel} />;
  return <EditForm key={props.id ?? 'new'} {...props} record={loaded.status === 'ready' ? loaded.record : undefined} />;
}
