import type { ReactNode } from 'react';
import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { ACCOUNT_SCHEMES, checkPayeeAccount, type AccountScheme } from '@core/payments/accounts.ts';

/** The account as typed: every field a string, the scheme deciding which are asked. */
export type AccountDraft = { scheme: AccountScheme; number: string; bic: string; bankCode: string; holderTaxId: string };
export type AccountFieldName = keyof AccountDraft;
/** A field's error: the catalog id of its sentence (`payeeAccount.<reason>` or a form rule). */
export type AccountErrors = Partial<Record<AccountFieldName | 'holderName' | 'name' | 'insurerId' | 'currency', string>>;

export const emptyDraft = (scheme: AccountScheme = 'IBAN'): AccountDraft => ({ scheme, number: '', bic: '', bankCode: '', holderTaxId: '' });

/** Which fields a scheme asks: a BIC with an IBAN; the bank code and the holder's RUT/NIT in Chile and Colombia. */
const asks = (scheme: AccountScheme): AccountFieldName[] => (scheme === 'IBAN' ? ['number', 'bic'] : scheme === 'CL' || scheme === 'CO' ? ['number', 'bankCode', 'holderTaxId'] : ['number']);

/** The body's account part: fields the scheme does not ask are sent as null, so a stored one is not kept by mistake. */
export function accountBody(draft: AccountDraft) {
  const asked = asks(draft.scheme);
  const value = (field: AccountFieldName) => (asked.includes(field) && draft[field].trim() ? draft[field].trim() : null);
  return { scheme: draft.scheme, number: draft.number.trim(), bic: value('bic'), bankCode: value('bankCode'), holderTaxId: value('holderTaxId') };
}

/** The same check the server makes (core/payments/accounts.ts), so the error shows before the request; null when valid. */
export function draftErrors(draft: AccountDraft): AccountErrors {
  if (!draft.number.trim()) return { number: 'payeeAccount.numberFormat' };
  const result = checkPayeeAccount(accountBody(draft));
  return result.valid ? {} : { [result.field]: `payeeAccount.${result.reason}` };
}

/** A labelled control of the account dialogs with its error (a catalog id) under it, in the reader's language. */
export function AccountField({ label, error, required = true, children }: { label: string; error?: string; required?: boolean; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        <bdi>{label}</bdi>
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error && (
        <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
          <bdi>{intl.formatMessage({ id: error })}</bdi>
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}

/** The scheme, then the fields it asks, each with its own localized error under it. */
export function AccountFields({ draft, errors, onChange }: { draft: AccountDraft; errors: AccountErrors; onChange: (draft: AccountDraft) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const text = (field: Exclude<AccountFieldName, 'scheme'>) => (
    <AccountField key={field} label={t(`payeeAccount.field.${field}${field === 'number' ? `.${draft.scheme}` : ''}`)} error={errors[field]} required={field !== 'bic'}>
      <Input name={field} dir="ltr" autoComplete="off" value={draft[field]} onChange={(e) => onChange({ ...draft, [field]: e.currentTarget.value })} />
    </AccountField>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <AccountField label={t('payeeAccount.field.scheme')}>
        <NativeSelect.Root>
          <NativeSelect.Field name="scheme" value={draft.scheme} onChange={(e) => onChange({ ...draft, scheme: e.currentTarget.value as AccountScheme })}>
            {ACCOUNT_SCHEMES.map((scheme) => (
              <option key={scheme} value={scheme}>
                {t(`payeeAccount.scheme.${scheme}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </AccountField>
      {asks(draft.scheme).map((field) => text(field as Exclude<AccountFieldName, 'scheme'>))}
    </SimpleGrid>
  );
}
