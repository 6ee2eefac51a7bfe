import { useState } from 'react';
import { Alert, Button, Card, DataList, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { messenger } from '../feedback/toaster.tsx';
import { FormDialog } from '../form/FormDialog.tsx';
import { useScreen } from '../layout/screen-context.ts';
import { payeeAccountQuery, revealPayeeAccount, useSavePayeeAccount, type PayeeAccount, type PayeeOwner } from '../../api/resources/payee-accounts.ts';
import { AccountField, AccountFields, accountBody, draftErrors, emptyDraft, type AccountDraft, type AccountErrors } from './AccountFields.tsx';

/**
 * The bank account payment runs pay a holder or a doctor (assignment of benefits) to: masked, revealed on request
 * (audited), edited by treasury with the same checks the server makes. An account the bank returned a payment
 * from says so until it is changed.
 */
export function PayeeAccountPanel({ owner, defaultHolderName }: { owner: PayeeOwner; defaultHolderName: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { can } = useScreen();
  const account = useQuery({ ...payeeAccountQuery(owner), enabled: can('payments:read') });
  const [full, setFull] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  if (!can('payments:read') || account.isPending) return null;
  const current = account.data ?? null;
  const reveal = () =>
    revealPayeeAccount(owner)
      .then((a) => setFull([a.number, a.bic, a.bankCode, a.holderTaxId].filter(Boolean).join(' · ')))
      .catch((error) => notifyError(intl, error));
  return (
    <Card.Root as="section" aria-labelledby="payee-account-title" data-testid="payee-account">
      <Card.Header>
        <Heading as="h2" size="md" id="payee-account-title">
          {t('payeeAccount.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {current?.needsCorrection && (
            <Alert.Root status="warning" data-testid="payee-account-correction">
              <Alert.Indicator />
              <Alert.Description>
                <bdi>{t('payeeAccount.correction', { reason: current.correctionReason ?? '' })}</bdi>
              </Alert.Description>
            </Alert.Root>
          )}
          {current ? (
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('payeeAccount.field.holderName')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <bdi>{current.holderName}</bdi>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t(`payeeAccount.scheme.${current.scheme}`)}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <bdi dir="ltr" data-testid="payee-account-number">
                    {full ?? current.maskedNumber}
                  </bdi>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ) : (
            <Text color="fg.muted">{t('payeeAccount.missing')}</Text>
          )}
          <HStack gap="2" wrap="wrap">
            {current && !full && (
              <Button size="sm" variant="outline" onClick={reveal}>
                {t('payments.reveal')}
              </Button>
            )}
            {can('payments:create') && (
              <Button size="sm" colorPalette="blue" onClick={() => setEditing(true)}>
                {t(current ? 'payeeAccount.edit' : 'payeeAccount.add')}
              </Button>
            )}
          </HStack>
        </Stack>
      </Card.Body>
      {editing && (
        <PayeeAccountDialog
          owner={owner}
          current={current}
          defaultHolderName={defaultHolderName}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setFull(null);
            setEditing(false);
          }}
        />
      )}
    </Card.Root>
  );
}

function PayeeAccountDialog({ owner, current, defaultHolderName, onClose, onSaved }: { owner: PayeeOwner; current: PayeeAccount | null; defaultHolderName: string; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const save = useSavePayeeAccount();
  // The number is typed again: the stored one is shown masked only.
  const [draft, setDraft] = useState<AccountDraft>(emptyDraft(current?.scheme));
  const [holderName, setHolderName] = useState(current?.holderName ?? defaultHolderName);
  const [errors, setErrors] = useState<AccountErrors>({});
  const submit = () => {
    const found: AccountErrors = { ...draftErrors(draft), ...(holderName.trim() ? {} : { holderName: 'payeeAccount.holderNameRequired' }) };
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { ...owner, holderName: holderName.trim(), ...accountBody(draft) },
      {
        onSuccess: () => {
          messenger.create({ type: 'success', title: t('payeeAccount.saved') });
          onSaved();
        },
        onError: (error) => {
          // The server's check named the field: the error goes under it.
          const field = error instanceof ApiError && error.status === 422 ? error.problem.errors?.[0]?.path.replace(/^body\//, '') : undefined;
          if (field) setErrors({ [field]: `payeeAccount.${error instanceof ApiError ? error.problem.errors![0]!.keyword : ''}` });
          else notifyError(intl, error);
        },
      },
    );
  };
  return (
    <FormDialog title={t(current ? 'payeeAccount.edit' : 'payeeAccount.add')} submitLabel={t('payeeAccount.save')} busy={save.isPending} closeOnInteractOutside={false} testId="payee-account-dialog" onSubmit={submit} onClose={onClose}>
      {current?.needsCorrection && (
        <Text fontSize="sm">
          <bdi>{t('payeeAccount.clearsCorrection')}</bdi>
        </Text>
      )}
      <AccountField label={t('payeeAccount.field.holderName')} error={errors.holderName}>
        <Input name="holderName" value={holderName} maxLength={140} onChange={(e) => setHolderName(e.currentTarget.value)} />
      </AccountField>
      <AccountFields draft={draft} errors={errors} onChange={(next) => {
          setDraft(next);
          setErrors({});
        }} />
    </FormDialog>
  );
}
