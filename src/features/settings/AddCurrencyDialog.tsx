import { useState } from 'react';
import { Input, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { encodeRule } from '../../components/form/rule-codec.ts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { currencyExponent, decimalTextToMinor } from '@core/benefits/currency.ts';
import { AMOUNT_KEYS, createCurrencyDefaults, settingsKeys, type AmountKey } from '../../api/resources/settings.ts';
import type { FieldErrors } from './useCatalogSave.ts';

const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));
const blank = Object.fromEntries(AMOUNT_KEYS.map((key) => [key, ''])) as Record<AmountKey, string>;

/** An amount typed in currency units, exactly in its minor unit: null when it is not a plain non-negative number. */
function parseAmount(text: string, currency: string): number | null | 'decimals' {
  const plain = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const minor = decimalTextToMinor(plain, currency);
  return minor === null ? 'decimals' : minor;
}

/**
 * Adds a currency's six amount defaults (R2, R3, R7, R13, R14), so insurers in it can be created: the
 * ISO 4217 code and each amount in that currency's units, with no more decimals than it has.
 */
export function AddCurrencyDialog({ existing, onClose, onAdded }: { existing: readonly string[]; onClose: () => void; onAdded: (currency: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState('');
  const [amounts, setAmounts] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const code = currency.trim().toUpperCase();
  const known = ISO_4217.has(code);
  const mutation = useMutation({
    mutationFn: createCurrencyDefaults,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.catalog('defaults') });
      messenger.create({ type: 'success', title: t('settings.currencyAdd.added', { currency: code }) });
      onAdded(code);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.problem.errors?.length && [400, 409].includes(error.status)) {
        setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path.replace(/^body\/(values\/)?/, ''), { keyword: e.keyword, params: e.params }])));
      } else notifyError(intl, error);
    },
  });

  const submit = () => {
    const found: FieldErrors = {};
    if (!code) found.currency = { keyword: 'required' };
    else if (!known) found.currency = { keyword: 'currencyCode' };
    else if (existing.includes(code)) found.currency = { keyword: 'unique' };
    const values = {} as Record<AmountKey, number>;
    for (const key of AMOUNT_KEYS) {
      if (!amounts[key].trim()) found[key] = { keyword: 'required' };
      // An amount is read in the currency's units, so only once the code is one.
      if (found[key] || !known) continue;
      const parsed = parseAmount(amounts[key], code);
      if (parsed === 'decimals') found[key] = { keyword: 'amountDecimals' };
      else if (parsed === null) found[key] = { keyword: 'type', params: { type: 'number' } };
      else values[key] = parsed;
    }
    setErrors(found);
    if (!Object.keys(found).length) mutation.mutate({ currency: code, values });
  };

  const errorOf = (path: string) => (errors[path] ? encodeRule(errors[path]) : undefined);
  // A field's error goes once it is edited; the others stay until the next submit.
  const edited = (path: string) => errors[path] && setErrors(({ [path]: _gone, ...rest }) => rest);
  const unitHelp = known ? t(currencyExponent(code) ? 'settings.currencyAdd.decimals' : 'settings.currencyAdd.noDecimals', { currency: code, digits: String(currencyExponent(code)) }) : '';
  return (
    <FormDialog
      title={t('settings.currencyAdd.title')}
      submitLabel={t('settings.currencyAdd.submit')}
      busy={mutation.isPending}
      closeOnInteractOutside={false}
      scrollBehavior="inside"
      testId="add-currency"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text fontSize="sm">
        <bdi>{t('settings.currencyAdd.intro')}</bdi>
      </Text>
      <FormField label={t('settings.currencyAdd.code')} error={errorOf('currency')} required helper={t('settings.currencyAdd.codeHelp')}>
        <Input name="currency" dir="ltr" maxLength={3} autoComplete="off" value={currency} onChange={(e) => {
            setCurrency(e.currentTarget.value.toUpperCase());
            edited('currency');
          }} />
      </FormField>
      {AMOUNT_KEYS.map((key) => (
        <FormField key={key} label={t(`settings.default.${key}`)} error={errorOf(key)} required helper={unitHelp}>
          <Input name={key} inputMode="decimal" dir="ltr" value={amounts[key]} onChange={(e) => {
              setAmounts({ ...amounts, [key]: e.currentTarget.value });
              edited(key);
            }} />
        </FormField>
      ))}
    </FormDialog>
  );
}
