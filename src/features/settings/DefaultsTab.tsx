import { useState } from 'react';
import { Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { encodeRule } from '../../components/form/contract-resolver.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { catalogQuery, saveItem, type SettingDefault } from './api.ts';
import { CatalogTable } from './CatalogTable.tsx';
import { EditDialog } from './EditDialog.tsx';
import { HistoryDialog, type Describe } from './HistoryDialog.tsx';
import { useCatalogSave } from './useCatalogSave.ts';

/** A value in its unit: amounts in currency units with two decimals (each insurer's currency), the rest as counts. */
export function formatDefault(intl: IntlShape, unit: SettingDefault['unit'], value: number) {
  if (unit === 'CENTS') return intl.formatNumber(value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return intl.formatMessage({ id: `settings.unit.${unit}` }, { value });
}
// Amounts are typed in currency units; the API keeps cents.
const toInput = (d: SettingDefault, value: number) => (d.unit === 'CENTS' ? (value / 100).toFixed(2) : String(value));
const fromInput = (d: SettingDefault, text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(n)) return NaN;
  return d.unit === 'CENTS' ? Math.round(n * 100) : n;
};

/** Research 4.1's defaults under every policy and insurer that sets no value of its own. */
export function DefaultsTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data: defaults } = useQuery(catalogQuery('defaults'));
  const [editing, setEditing] = useState<{ item: SettingDefault; text: string } | null>(null);
  const [history, setHistory] = useState<SettingDefault | null>(null);
  const save = useCatalogSave('defaults', 'SettingDefaultUpdate', (body: { version: number; value: number }) => saveItem.defaults(editing!.item.key, body), () => setEditing(null));
  const open = (item: SettingDefault) => {
    save.reset();
    setEditing({ item, text: toInput(item, item.value) });
  };
  const name = (d: SettingDefault) => t(`settings.default.${d.key}`);
  const range = (d: SettingDefault) =>
    intl.formatMessage({ id: 'settings.default.range' }, { minimum: formatDefault(intl, d.unit, d.minimum), maximum: formatDefault(intl, d.unit, d.maximum) });
  const describe: Describe = (field, value) => ({ label: t(`settings.default.${field}`), value: history ? formatDefault(intl, history.unit, Number(value)) : String(value) });
  const payload = () => ({ version: editing!.item.version, value: fromInput(editing!.item, editing!.text) });

  if (!defaults) return <Loading cover="inline" />;
  const error = editing && save.errors.value ? encodeRule(save.errors.value) : undefined;
  return (
    <>
      <CatalogTable
        caption={t('settings.tab.defaults')}
        items={defaults}
        rowKey={(d) => d.key}
        rowLabel={name}
        columns={[
          { header: t('settings.default.name'), cell: name, primary: true },
          { header: t('settings.default.rule'), cell: (d) => d.rule, secondary: true },
          { header: t('settings.default.value'), cell: (d) => <bdi>{formatDefault(intl, d.unit, d.value)}</bdi> },
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
          onSave={() => save.submit(payload())}
          onOverwrite={() => save.overwrite(payload())}
          onReload={async () => {
            const fresh = (await save.reload<SettingDefault>()).find((d) => d.key === editing.item.key);
            if (fresh) open(fresh);
          }}
        >
          <FormField label={`${name(editing.item)} (${editing.item.rule})`} error={error} required helper={[range(editing.item), editing.item.unit === 'CENTS' ? t('settings.unit.CENTS.help') : ''].filter(Boolean).join(' ')}>
            <Input name="value" inputMode="decimal" dir="ltr" value={editing.text} onChange={(e) => setEditing({ ...editing, text: e.currentTarget.value })} />
          </FormField>
        </EditDialog>
      )}
      <HistoryDialog catalog="defaults" itemKey={history?.key ?? null} title={intl.formatMessage({ id: 'settings.history.of' }, { item: history ? name(history) : '' })} describe={describe} onClose={() => setHistory(null)} />
    </>
  );
}
