import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { EditShell } from '../../components/edit/EditShell.tsx';
import { NotesPanel } from '../../components/notes/NotesPanel.tsx';
import { insurers } from '../../api/resources/insurers.ts';
import { INSURER_FIELDS, INSURER_FORM } from './fields.ts';
import { SettingsDeadlines } from './SettingsDeadlines.tsx';

/** `/aseguradoras/nueva` and `/aseguradoras/editar/:id`. */
export default function InsurerFormScreen() {
  const intl = useIntl();
  const { id } = useParams<{ id?: string }>();
  return (
    <EditShell
      resource={insurers}
      id={id ? Number(id) : undefined}
      specs={INSURER_FIELDS}
      schemas={{ create: 'InsurerInput', update: 'InsurerUpdate' }}
      layout={INSURER_FORM}
      body={(edit, insurer) => (insurer ? null : <SettingsDeadlines edit={edit} />)}
      title={(insurer) => (insurer ? intl.formatMessage({ id: 'insurers.edit' }, { name: insurer.name }) : intl.formatMessage({ id: 'insurers.new' }))}
      listLabel={intl.formatMessage({ id: 'insurers.title' })}
      beside={(insurer) => <NotesPanel entityType="insurer" entityId={insurer.id} />}
      deleteTexts={(insurer) => ({
        title: intl.formatMessage({ id: 'insurers.delete.title' }),
        body: intl.formatMessage({ id: 'insurers.delete.body' }, { name: insurer.name }),
      })}
    />
  );
}
