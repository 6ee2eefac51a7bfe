import { useState } from 'react';
import { Badge, DataList, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { EditController } from '../../components/edit/useEditController.ts';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';
import { FieldInput } from '../../components/form/FieldInput.tsx';
import type { FieldSpec } from '../../components/form/field-spec.ts';
import { useScreen } from '../../components/layout/screen-context.ts';
import { useRevealBankDetails, type Policyholder } from '../../api/resources/policyholders.ts';
import { POLICYHOLDER_FIELDS } from './fields.tsx';

interface Props {
  edit: EditController;
  record?: Policyholder;
  readOnly: boolean;
}

/**
 * The bank details: masked as the server sends them; shown in full only on request and only to users
 * allowed to (the server audits each reveal). A new account number replaces the stored one; left blank,
 * the stored one stays.
 */
export function BankDetails({ edit, record, readOnly }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { may } = useScreen();
  const reveal = useRevealBankDetails();
  const [shown, setShown] = useState(false);
  const given = useWatch({ control: edit.form.control, name: ['bankName', 'accountHolder', 'bankAccount'] });
  // Research 2.3: the account type goes with the other bank details, so it is marked required once any is there (the server asks for it then).
  const typeNeeded = given.some((value) => String(value ?? '').trim() !== '') || Boolean(record?.bankAccountMasked);
  const field = (name: 'bankName' | 'bankAccountType' | 'accountHolder' | 'bankAccount') => {
    const spec = POLICYHOLDER_FIELDS[name] as FieldSpec;
    return <FieldInput resource="policyholders" name={name} spec={name === 'bankAccountType' ? { ...spec, required: typeNeeded } : spec} form={edit.form} />;
  };
  const full = shown ? reveal.data : undefined;
  const show = () =>
    reveal.mutate(record!.id, {
      onSuccess: () => setShown(true),
      onError: (error) => notifyError(intl, error),
    });
  return (
    <Stack gap="5">
      {record && (
        <Stack gap="3" data-testid="bank-details">
          <HStack gap="3" flexWrap="wrap">
            <Badge colorPalette={record.hasBankDetails ? 'green' : 'orange'}>{t(record.hasBankDetails ? 'policyholders.bank.complete' : 'policyholders.bank.incomplete')}</Badge>
            {!record.hasBankDetails && <Text fontSize="sm" color="fg.muted">{t('policyholders.bank.requiredForPayout')}</Text>}
          </HStack>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('policyholders.bank.stored')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi dir="ltr" data-testid="bank-account-value">{full ? (full.bankAccount ?? '—') : (record.bankAccountMasked ?? t('policyholders.bank.none'))}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {may('revealBank') && record.bankAccountMasked && (
            <BusyButton type="button" variant="outline" size="sm" alignSelf="flex-start" loading={reveal.isPending} onClick={shown ? () => setShown(false) : show}>
              {shown ? <EyeOff aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
              {t(shown ? 'policyholders.bank.hide' : 'policyholders.bank.show')}
            </BusyButton>
          )}
        </Stack>
      )}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('bankName')}
          {field('bankAccountType')}
          {field('accountHolder')}
          {!readOnly && field('bankAccount')}
        </SimpleGrid>
      </fieldset>
    </Stack>
  );
}
