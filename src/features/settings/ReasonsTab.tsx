import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { catalogQuery, saveItem, type CatalogTexts, type ReasonCode } from '../../api/resources/settings.ts';
import { CatalogTable } from './CatalogTable.tsx';
import { EditDialog } from './EditDialog.tsx';
import { TextsFields } from './fields.tsx';
import { HistoryDialog, type Describe } from './HistoryDialog.tsx';
import { textIn } from './texts.ts';
import { useCatalogSave } from './useCatalogSave.ts';

/** The rejection reasons' texts in the five languages. */
export function ReasonsTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data: reasons } = useQuery(catalogQuery('reasons'));
  const [editing, setEditing] = useState<ReasonCode | null>(null);
  const [texts, setTexts] = useState<CatalogTexts | null>(null);
  const [history, setHistory] = useState<ReasonCode | null>(null);
  const save = useCatalogSave('reasons', 'ReasonCodeUpdate', (body: { version: number; texts: CatalogTexts }) => saveItem.reasons(editing!.code, body), () => setEditing(null));

  const edit = (reason: ReasonCode) => {
    save.reset();
    setEditing(reason);
    setTexts(reason.texts);
  };
  const reload = async () => {
    const fresh = (await save.reload<ReasonCode>()).find((r) => r.code === editing?.code);
    if (fresh) edit(fresh);
  };
  const describe: Describe = (field, value) => ({ label: t('settings.reason.text', { language: t(`lang.${field.split('.')[1]}`) }), value: String(value ?? '') });
  if (!reasons) return <Loading cover="inline" />;
  return (
    <>
      <CatalogTable
        caption={t('settings.tab.reasons')}
        items={reasons}
        rowKey={(r) => r.code}
        rowLabel={(r) => r.code}
        columns={[
          { header: t('settings.reason.code'), cell: (r) => r.code, primary: true },
          { header: t('settings.procedure.description'), cell: (r) => <bdi>{textIn(r.texts, intl.locale)}</bdi> },
        ]}
        onEdit={canEdit ? edit : undefined}
        onHistory={setHistory}
      />
      {editing && texts && (
        <EditDialog
          open
          title={t('settings.edit', { item: `${editing.code} · ${textIn(editing.texts, intl.locale)}` })}
          saving={save.saving}
          stale={save.staleVersion !== null}
          onClose={() => setEditing(null)}
          onSave={() => save.submit({ version: editing.version, texts })}
          onOverwrite={() => save.overwrite({ version: editing.version, texts })}
          onReload={reload}
        >
          <TextsFields labelId="settings.reason.text" path="texts" texts={texts} errors={save.errors} onChange={setTexts} />
        </EditDialog>
      )}
      <HistoryDialog catalog="reasons" itemKey={history?.code ?? null} title={t('settings.history.of', { item: history?.code ?? '' })} describe={describe} onClose={() => setHistory(null)} />
    </>
  );
}
