import { useState } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { catalogQuery, saveItem, type CatalogTexts, type ProcedureCode } from '../../api/resources/settings.ts';
import { CatalogTable } from './CatalogTable.tsx';
import { EditDialog } from './EditDialog.tsx';
import { CheckField, SelectField, TextField, TextsFields } from './fields.tsx';
import { HistoryDialog, type Describe } from './HistoryDialog.tsx';
import { textIn } from './texts.ts';
import { useCatalogSave } from './useCatalogSave.ts';

const CATEGORIES = ['DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR', 'ORTHODONTIC'] as const;
type Draft = Omit<ProcedureCode, 'version' | 'updatedAt'>;
const EMPTY_TEXTS: CatalogTexts = { es: '', en: '', fr: '', zh: '', ja: '' };
const NEW_CODE: Draft = { code: '', category: 'BASIC', codingSystem: 'CDT', requiresTooth: false, descriptions: EMPTY_TEXTS, active: true };

/** The procedure codes the engine classifies lines by: category, coding system, tooth requirement, names, active. */
export function ProceduresTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data: procedures } = useQuery(catalogQuery('procedures'));
  // `version` null: a new code.
  const [editing, setEditing] = useState<{ version: number | null; draft: Draft } | null>(null);
  const [history, setHistory] = useState<ProcedureCode | null>(null);
  const save = useCatalogSave(
    'procedures',
    editing?.version === null ? 'ProcedureCodeInput' : 'ProcedureCodeUpdate',
    (body: Draft & { version: number }) => {
      const { code, version, ...fields } = body;
      return editing?.version === null ? saveItem.createProcedure({ code, ...fields }) : saveItem.procedures(code, { ...fields, version });
    },
    () => setEditing(null),
  );
  const open = (procedure: ProcedureCode | null) => {
    save.reset();
    if (!procedure) return setEditing({ version: null, draft: NEW_CODE });
    const { version, updatedAt: _updatedAt, ...draft } = procedure;
    setEditing({ version, draft });
  };
  const set = (change: Partial<Draft>) => setEditing((e) => e && { ...e, draft: { ...e.draft, ...change } });
  const payload = () => {
    const { code, ...fields } = editing!.draft;
    // The contract validates a create with `code` and an update with `version`; each gets only its own.
    return (editing!.version === null ? { code, ...fields } : { ...fields, version: editing!.version }) as Draft & { version: number };
  };
  const submit = () => save.submit(editing!.version === null ? payload() : { ...payload(), code: editing!.draft.code });
  const yesNo = (value: unknown) => t(value ? 'common.yes' : 'common.no');
  const describe: Describe = (field, value) => {
    const [name, language] = field.split('.');
    if (name === 'descriptions') return { label: `${t('settings.procedure.description')} (${t(`lang.${language}`)})`, value: String(value ?? '') };
    if (name === 'category') return { label: t('settings.procedure.category'), value: t(`settings.category.${String(value)}`) };
    if (name === 'requiresTooth' || name === 'active') return { label: t(`settings.procedure.${name}`), value: yesNo(value) };
    return { label: t(`settings.procedure.${name}`), value: String(value ?? '') };
  };

  if (!procedures) return <Loading cover="inline" />;
  const draft = editing?.draft;
  return (
    <>
      {canEdit && (
        <Flex justify="end" mb="3">
          <Button size="sm" colorPalette="blue" onClick={() => open(null)}>
            <Plus aria-hidden size={16} />
            {t('settings.procedure.new')}
          </Button>
        </Flex>
      )}
      <CatalogTable
        caption={t('settings.tab.procedures')}
        items={procedures as ProcedureCode[]}
        rowKey={(p) => p.code}
        rowLabel={(p) => p.code}
        columns={[
          { header: t('settings.procedure.code'), cell: (p) => p.code, primary: true },
          { header: t('settings.procedure.description'), cell: (p) => <bdi>{textIn(p.descriptions, intl.locale)}</bdi> },
          { header: t('settings.procedure.category'), cell: (p) => t(`settings.category.${p.category}`), secondary: true },
          { header: t('settings.procedure.codingSystem'), cell: (p) => p.codingSystem, secondary: true },
          { header: t('settings.procedure.requiresTooth'), cell: (p) => yesNo(p.requiresTooth), secondary: true },
          { header: t('settings.procedure.active'), cell: (p) => yesNo(p.active), secondary: true },
        ]}
        onEdit={canEdit ? open : undefined}
        onHistory={setHistory}
      />
      {editing && draft && (
        <EditDialog
          open
          title={editing.version === null ? t('settings.procedure.new') : t('settings.edit', { item: draft.code })}
          saving={save.saving}
          stale={save.staleVersion !== null}
          onClose={() => setEditing(null)}
          onSave={submit}
          onOverwrite={() => save.overwrite({ ...payload(), code: draft.code })}
          onReload={async () => {
            const fresh = (await save.reload<ProcedureCode>()).find((p) => p.code === draft.code);
            if (fresh) open(fresh);
          }}
        >
          {editing.version === null && (
            <TextField label={t('settings.procedure.code')} path="code" dir="ltr" value={draft.code} errors={save.errors} helper={t('settings.procedure.code.help')} onChange={(code) => set({ code: code.toUpperCase() })} />
          )}
          <SelectField label={t('settings.procedure.category')} path="category" value={draft.category} options={CATEGORIES} optionLabel={(c) => t(`settings.category.${c}`)} errors={save.errors} onChange={(category) => set({ category })} />
          <TextField label={t('settings.procedure.codingSystem')} path="codingSystem" dir="ltr" value={draft.codingSystem} errors={save.errors} helper={t('settings.procedure.codingSystem.help')} onChange={(codingSystem) => set({ codingSystem })} />
          <CheckField label={t('settings.procedure.requiresTooth')} checked={draft.requiresTooth} onChange={(requiresTooth) => set({ requiresTooth })} />
          <CheckField label={t('settings.procedure.active')} checked={draft.active} onChange={(active) => set({ active })} />
          <TextsFields labelId="settings.reason.text" path="descriptions" texts={draft.descriptions} errors={save.errors} onChange={(descriptions) => set({ descriptions })} />
        </EditDialog>
      )}
      <HistoryDialog catalog="procedures" itemKey={history?.code ?? null} title={t('settings.history.of', { item: history?.code ?? '' })} describe={describe} onClose={() => setHistory(null)} />
    </>
  );
}
