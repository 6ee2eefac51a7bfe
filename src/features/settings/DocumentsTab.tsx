import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { catalogQuery, saveItem, type RequiredDocument } from '../../api/resources/settings.ts';
import { CatalogTable } from './CatalogTable.tsx';
import { EditDialog } from './EditDialog.tsx';
import { SelectField } from './fields.tsx';
import { HistoryDialog, type Describe } from './HistoryDialog.tsx';
import { useCatalogSave } from './useCatalogSave.ts';

const REQUIREMENTS = ['ALWAYS', 'NEVER', 'BASIC_OR_MAJOR', 'OTHER_INSURER', 'HOLDER_PAYEE', 'INVOICE_NOT_PAID', 'RADIOGRAPHED', 'PREAUTHORIZATION', 'PROSTHETIC'] as const;
const CLAIMS = ['general', 'orthodonticInitial', 'orthodonticInstallment'] as const;
type Requirements = Pick<RequiredDocument, (typeof CLAIMS)[number]>;

/** Research 4.3's matrix: when each document is required, for general claims and orthodontic instalments. */
export function DocumentsTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data: documents } = useQuery(catalogQuery('documents'));
  const [editing, setEditing] = useState<{ item: RequiredDocument; draft: Requirements } | null>(null);
  const [history, setHistory] = useState<RequiredDocument | null>(null);
  const save = useCatalogSave('documents', 'RequiredDocumentUpdate', (body: Requirements & { version: number }) => saveItem.documents(editing!.item.documentType, body), () => setEditing(null));
  const open = (item: RequiredDocument) => {
    save.reset();
    setEditing({ item, draft: { general: item.general, orthodonticInitial: item.orthodonticInitial, orthodonticInstallment: item.orthodonticInstallment } });
  };
  const name = (d: RequiredDocument) => t(`settings.documentType.${d.documentType}`);
  const describe: Describe = (field, value) => ({ label: t(`settings.document.${field}`), value: t(`settings.requirement.${String(value)}`) });

  if (!documents) return <Loading cover="inline" />;
  return (
    <>
      <CatalogTable
        caption={t('settings.tab.documents')}
        items={documents as RequiredDocument[]}
        rowKey={(d) => d.documentType}
        rowLabel={name}
        columns={[
          { header: t('settings.document.type'), cell: name, primary: true },
          ...CLAIMS.map((claim) => ({ header: t(`settings.document.${claim}`), cell: (d: RequiredDocument) => t(`settings.requirement.${d[claim]}`) })),
        ]}
        onEdit={canEdit ? open : undefined}
        onHistory={setHistory}
      />
      {editing && (
        <EditDialog
          open
          title={intl.formatMessage({ id: 'settings.edit' }, { item: name(editing.item) })}
          saving={save.saving}
          stale={save.staleVersion !== null}
          onClose={() => setEditing(null)}
          onSave={() => save.submit({ ...editing.draft, version: editing.item.version })}
          onOverwrite={() => save.overwrite({ ...editing.draft, version: editing.item.version })}
          onReload={async () => {
            const fresh = (await save.reload<RequiredDocument>()).find((d) => d.documentType === editing.item.documentType);
            if (fresh) open(fresh);
          }}
        >
          {CLAIMS.map((claim) => (
            <SelectField
              key={claim}
              label={t(`settings.document.${claim}`)}
              path={claim}
              value={editing.draft[claim]}
              options={REQUIREMENTS}
              optionLabel={(r) => t(`settings.requirement.${r}`)}
              errors={save.errors}
              onChange={(value) => setEditing((e) => e && { ...e, draft: { ...e.draft, [claim]: value } })}
            />
          ))}
        </EditDialog>
      )}
      <HistoryDialog catalog="documents" itemKey={history?.documentType ?? null} title={intl.formatMessage({ id: 'settings.history.of' }, { item: history ? name(history) : '' })} describe={describe} onClose={() => setHistory(null)} />
    </>
  );
}
