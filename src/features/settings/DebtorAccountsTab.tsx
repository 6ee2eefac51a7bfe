import { useState, type ReactNode } from 'react';
import { Button, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { allInsurersQuery, type Insurer } from '../../api/resources/insurers.ts';
import { debtorAccountsQuery, useSaveDebtorAccount, type DebtorAccount } from '../../api/resources/payee-accounts.ts';
import { AccountField, AccountFields, accountBody, draftErrors, emptyDraft, type AccountDraft, type AccountErrors } from '../../components/bank-account/AccountFields.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { FormDialog } from '../../components/form/FormDialog.tsx';

const PAIN_VERSIONS = ['001.001.09', '001.001.03'] as const;
type Editing = { insurerId: number | null; current: DebtorAccount | null };

/** Configuraciones › Cuentas de cargo: the administrator's account each insurer pays from in its currency, with the pain.001 version its bank takes. */
export function DebtorAccountsTab({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const accounts = useQuery(debtorAccountsQuery());
  const insurers = useQuery(allInsurersQuery());
  const [editing, setEditing] = useState<Editing | null>(null);
  if (accounts.isPending || insurers.isPending) return <Loading />;
  const insurerList = insurers.data?.items ?? [];
  const nameOf = (id: number) => insurerList.find((i) => i.id === id)?.name ?? String(id);
  return (
    <Stack gap="3" align="flex-start">
      {canEdit && (
        <Button size="sm" colorPalette="blue" onClick={() => setEditing({ insurerId: null, current: null })}>
          {t('debtorAccount.add')}
        </Button>
      )}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" w="full" tabIndex={0} role="region" aria-label={t('settings.tab.debtorAccounts')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('payments.field.insurer')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('debtorAccount.field.currency')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('debtorAccount.field.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('payments.field.account')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('debtorAccount.field.painVersion')}</Table.ColumnHeader>
              {canEdit && <Table.ColumnHeader srOnly>{t('debtorAccount.edit')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(accounts.data ?? []).map((a) => (
              <Table.Row key={a.id} data-testid={`debtor-${a.insurerId}-${a.currency}`}>
                <Table.Cell>
                  <bdi>{nameOf(a.insurerId)}</bdi>
                </Table.Cell>
                <Table.Cell>{a.currency}</Table.Cell>
                <Table.Cell>
                  <bdi>{a.name}</bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi dir="ltr">
                    {t(`payeeAccount.scheme.${a.scheme}`)} {a.maskedNumber}
                  </bdi>
                </Table.Cell>
                <Table.Cell>
                  <bdi dir="ltr">pain.{a.painVersion}</bdi>
                </Table.Cell>
                {canEdit && (
                  <Table.Cell>
                    <Button size="xs" variant="outline" onClick={() => setEditing({ insurerId: a.insurerId, current: a })} aria-label={`${t('debtorAccount.edit')} ${nameOf(a.insurerId)} ${a.currency}`}>
                      {t('debtorAccount.edit')}
                    </Button>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {!accounts.data?.length && <Text color="fg.muted">{t('debtorAccount.empty')}</Text>}
      {editing && <DebtorAccountDialog editing={editing} insurers={insurerList} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function DebtorAccountDialog({ editing, insurers, onClose }: { editing: Editing; insurers: Insurer[]; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const save = useSaveDebtorAccount();
  const { current } = editing;
  const [insurerId, setInsurerId] = useState(editing.insurerId ? String(editing.insurerId) : '');
  const [currency, setCurrency] = useState(current?.currency ?? '');
  const [name, setName] = useState(current?.name ?? '');
  const [painVersion, setPainVersion] = useState<(typeof PAIN_VERSIONS)[number]>(current?.painVersion ?? '001.001.09');
  // The number is typed again: the stored one is shown masked only.
  const [draft, setDraft] = useState<AccountDraft>(emptyDraft(current?.scheme));
  const [errors, setErrors] = useState<AccountErrors>({});
  const submit = () => {
    const found: AccountErrors = { ...draftErrors(draft) };
    if (!insurerId) found.insurerId = 'debtorAccount.insurerRequired';
    if (!/^[A-Z]{3}$/.test(currency)) found.currency = 'debtorAccount.currencyFormat';
    if (!name.trim()) found.name = 'debtorAccount.nameRequired';
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { insurerId: Number(insurerId), currency, name: name.trim(), painVersion, ...accountBody(draft) },
      {
        onSuccess: () => {
          messenger.create({ type: 'success', title: t('debtorAccount.saved') });
          onClose();
        },
        onError: (error) => {
          const problem = error instanceof ApiError && error.status === 422 ? error.problem.errors?.[0] : undefined;
          if (problem) setErrors({ [problem.path.replace(/^body\//, '')]: problem.keyword === 'currencyUnknown' ? 'code.debtorAccount.currencyUnknown' : `payeeAccount.${problem.keyword}` });
          else notifyError(intl, error);
        },
      },
    );
  };
  const field = (key: 'insurerId' | 'currency' | 'name', label: string, control: ReactNode) => (
    <AccountField label={label} error={errors[key]}>
      {control}
    </AccountField>
  );
  const chooseInsurer = (id: string) => {
    setInsurerId(id);
    // The insurer's own currency is the usual one: offered, still editable.
    const insurer = insurers.find((i) => String(i.id) === id);
    if (insurer && !currency) setCurrency(insurer.currency);
    if (insurer && !name) setName((insurer.legalName ?? insurer.name).slice(0, 70));
  };
  return (
    <FormDialog title={t(current ? 'debtorAccount.edit' : 'debtorAccount.add')} submitLabel={t('payeeAccount.save')} busy={save.isPending} closeOnInteractOutside={false} scrollBehavior="inside" testId="debtor-account-dialog" onSubmit={submit} onClose={onClose}>
      {field(
        'insurerId',
        t('payments.field.insurer'),
        <NativeSelect.Root disabled={Boolean(current)}>
          <NativeSelect.Field name="insurerId" value={insurerId} onChange={(e) => chooseInsurer(e.currentTarget.value)}>
            <option value="">{t('debtorAccount.chooseInsurer')}</option>
            {insurers.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {i.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
      )}
      {field('currency', t('debtorAccount.field.currency'), <Input name="currency" dir="ltr" maxLength={3} disabled={Boolean(current)} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />)}
      {field('name', t('debtorAccount.field.name'), <Input name="name" maxLength={70} value={name} onChange={(e) => setName(e.currentTarget.value)} />)}
      <AccountField label={t('debtorAccount.field.painVersion')} required={false}>
        <NativeSelect.Root>
          <NativeSelect.Field name="painVersion" value={painVersion} onChange={(e) => setPainVersion(e.currentTarget.value as (typeof PAIN_VERSIONS)[number])}>
            {PAIN_VERSIONS.map((v) => (
              <option key={v} value={v}>
                {t(`debtorAccount.pain.${v}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </AccountField>
      <AccountFields draft={draft} errors={errors} onChange={(next) => {
          setDraft(next);
          setErrors({});
        }} />
    </FormDialog>
  );
}
