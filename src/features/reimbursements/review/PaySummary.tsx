import { DataList } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { payeeAccountQuery } from '../../../api/resources/payee-accounts.ts';
import { policies } from '../../../api/resources/policies.ts';
import type { Reimbursement } from '../../../api/resources/reimbursements.ts';
import { Money } from '../ReimbursementCells.tsx';
import { useScreen } from '../../../components/layout/screen-context.ts';

/**
 * Issue 28 item 7: treasury does not pay blind. The pay dialog says how much, in which currency, to whom (the holder
 * or the doctor under assignment of benefits) and to which account, masked as everywhere.
 */
export function PaySummary({ record }: { record: Reimbursement }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { can } = useScreen();
  const policy = useQuery({ ...policies.oneQuery(record.policyId), enabled: record.payee === 'HOLDER' && can('policies:read') });
  const ownerId = record.payee === 'HOLDER' ? policy.data?.policyholderId : record.doctorId;
  const owner = { ownerType: record.payee === 'HOLDER' ? ('HOLDER' as const) : ('DOCTOR' as const), ownerId: ownerId ?? 0 };
  const account = useQuery({ ...payeeAccountQuery(owner), enabled: Boolean(ownerId) && can('payments:read') });
  const none = t('payeeAccount.missing');
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="pay-summary">
      <DataList.Item>
        <DataList.ItemLabel>{t('payments.field.amount')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Money cents={record.payableCents} currency={record.currency} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('debtorAccount.field.currency')}</DataList.ItemLabel>
        <DataList.ItemValue>{record.currency}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('payments.field.payee')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <bdi>{[t(`payments.payee.${record.payee}`), account.data?.holderName].filter(Boolean).join(' · ')}</bdi>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('payments.field.account')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <bdi dir="ltr" data-testid="pay-summary-account">
            {account.data ? `${t(`payeeAccount.scheme.${account.data.scheme}`)} ${account.data.maskedNumber}` : none}
          </bdi>
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
