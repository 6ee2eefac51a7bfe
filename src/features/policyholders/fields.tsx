import { Badge } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import { fieldColumns, type ListColumn } from '../../components/list/columns.tsx';
import type { Policyholder } from '../../api/resources/policyholders.ts';

/** What the contract says of a policyholder's fields and of their list (sorts; kind and active filters). */
export const POLICYHOLDER_FIELDS = FIELD_SPECS.policyholders;
export const POLICYHOLDER_LIST = LIST_SPECS.policyholders;
export const POLICY_FIELDS = FIELD_SPECS.policies;

export const POLICYHOLDER_COLUMNS: ListColumn<Policyholder>[] = [
  ...fieldColumns<Policyholder>('policyholders', POLICYHOLDER_FIELDS, POLICYHOLDER_LIST, [
    { name: 'name', cell: (holder) => <bdi>{holder.name}</bdi> },
    { name: 'documentNumber', cell: (holder) => <bdi>{`${holder.documentType} ${holder.documentNumber}`}</bdi> },
    'memberNumber',
    'kind',
    { name: 'policyCount', cell: (holder) => <Badge variant="subtle">{holder.policyCount}</Badge> },
    { name: 'hasBankDetails', cell: (holder) => (holder.bankAccountMasked ? <bdi dir="ltr">{holder.bankAccountMasked}</bdi> : <FormattedMessage id="policyholders.bank.none" />) },
    'active',
    'updatedAt',
  ]),
];

/** The form's plain sections by field; the person's or company's names and the bank account have controls of their own. */
export const PERSON_FIELDS = ['firstNames', 'lastNames', 'birthDate'] as const;
export const IDENTITY_FIELDS = ['documentType', 'documentNumber', 'memberNumber'] as const;
export const CONTACT_FIELDS = ['email', 'phone', 'address'] as const;
export const CONSENT_FIELDS = ['assignsBenefits', 'disclosureAuthorized', 'privacyConsentVersion', 'privacyConsentDate', 'active'] as const;
