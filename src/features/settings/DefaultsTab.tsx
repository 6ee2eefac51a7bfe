import { useState } from 'react';
import { Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';
import { Loading } from '../../components/feedback/Loading.tsx';
import { moneyAmount, moneyInput, parseMoneyInput } from '../../components/format/money.ts';
import { encodeRule } from '../../components/form/rule-codec.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { AddCurrencyDialog } from './AddCurrencyDialog.tsx';
import { catalogQuery, saveItem, type SettingDefault } from '../../api/resources/settings.ts';
import { CatalogTable } from './CatalogTable.tsx';
import { EditDialog } from './EditDialog.tsx';
import { HistoryDialog, type Describe } from './HistoryDialog.tsx';
import { useCatalogSave } from './useCatalogSave.ts';

/**
 * A value in its unit: an amount in its currency with that currency's decimals (CLP none, EUR two), the
 * rest as counts.
 */
export function formatDefault(intl: IntlShape, d: Pick<SettingDefault, 'unit' | 'currency'>, value: number) {
  if (d.unit === 'CENTS' && d.currency) return moneyAmount(intl, value, d.currency);
  return intl.formatMessage({ id: `settings.unit.${d.unit}` }, { value });
}
// Amounts are typed in currency units; the API keeps the currency's minor unit.
const toInput = (d: SettingDefault, value: number, locale: string) => (d.unit === 'CENTS' && d.currency ? moneyInput(value, d.currency, locale) : String(value));
const fromInput = (d: SettingDefault, text: string, locale: string) => {
  if (d.unit === 'CENTS' && d.currency) return parseMoneyInput(text, d.currency, locale) ?? NaN;
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? NaN : n;
};
/** The rule path of a key (`annualMaximumCents:CLP` → `annualMaximumCents`): its catalog text. */
const pathOf = (d: SettingDefault) => d.key.split(':')[0];

/** Research 4.1's defaults under every policy and insurer that sets no value of its own. */
export function DefaultsTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data: defaults } = useQuery(catalogQuery('defaults'));
  const [editing, setEditing] = useState<{ item: SettingDefault; text: string } | null>(null);
  const [history, setHistory] = useState<SettingDefault | null>(null);
  // Amounts are kept per currency: one currency's at a time, so the table stays readable.
  const [currency, setCurrency] = useState('EUR');
  const [adding, setAdding] = useState(false);
  const save = useCatalogSave('defaults', 'SettingDefaultUpdate', (body: { version: number; value: number }) => saveItem.defaults(editing!.item.key, body), () => setEditing(null));
  const open = (item: SettingDefault) => {
    save.reset();
    setEditing({ item, text: toInput(item, item.value, intl.locale) });
  };
  const name = (d: SettingDefault) =>
    d.currency ? intl.formatMessage({ id: 'settings.default.currencyName' }, { name: t(`settings.default.${pathOf(d)}`), currency: d.currency }) : t(`settings.default.${pathOf(d)}`);
  const range = (d: SettingDefault) =>
    intl.formatMessage({ id: 'settings.default.range' }, { minimum: formatDefault(intl, d, d.minimum), maximum: formatDefault(intl, d, d.maximum) });
  const describe: Describe = (field, value) => ({ label: t(`settings.default.${field}`), value: history ? formatDefault(intl, history, Number(value)) : String(value) });
  const payload = () => ({ version: editing!.item.version, value: fromInput(editing!.item, editing!.text, intl.locale) });

  if (!defaults) return <Loading cover="inline" />;
  const error = editing && save.errors.value ? encodeRule(save.errors.value) : undefined;
  const currencies = [...new Set(defaults.flatMap((d) => (d.currency ? [d.currency] : [])))].sort();
  const shown = defaults.filter((d) => d.currency === null || d.currency === currency);
  return (
    <Stack gap="3">
      <Field.Root width="auto">
        <Field.Label>{t('settings.default.currency')}</Field.Label>
        <HStack gap="3" wrap="wrap">
          <NativeSelect.Root size="md" width="auto">
            <NativeSelect.Field name="currency" value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {canEdit && (
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              {t('settings.currencyAdd.open')}
            </Button>
          )}
        </HStack>
        <Field.HelperText>{t('settings.default.currencyHelp')}</Field.HelperText>
      </Field.Root>
      {adding && (
        <AddCurrencyDialog
          existing={currencies}
          onClose={() => setAdding(false)}
          onAdded={(code) => {
            setAdding(false);
            setCurrency(code);
          }}
        />
      )}
      <CatalogTable
        caption={t('settings.tab.defaults')}
        items={shown}
        rowKey={(d) => d.key}
        rowLabel={name}
        columns={[
          { header: t('settings.default.name'), cell: name, primary: true },
          { header: t('settings.default.rule'), cell: (d) => d.rule, secondary: true },
          { header: t('settings.default.value'), cell: (d) => <bdi>{formatDefault(intl, d, d.value)}</bdi> },
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
    </Stack>
  );
}
