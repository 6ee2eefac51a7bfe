import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import type { FormLayout } from '../../components/edit/EditShell.tsx';
import type { ColumnDecl } from '../../components/list/columns.tsx';
import type { Insurer } from '../../api/resources/insurers.ts';

/** What the contract says of an insurer's fields and of its list (sorts, filters). */
export const INSURER_FIELDS = FIELD_SPECS.insurers;
export const INSURER_LIST = LIST_SPECS.insurers;

export const INSURER_COLUMNS: ColumnDecl<Insurer>[] = ['name', 'code', { name: 'country', widget: 'country' }, 'currency', 'active', 'updatedAt'];

export const INSURER_FORM: FormLayout = [
  {
    titleId: 'insurers.section.identity',
    fields: ['code', 'name', 'legalName', 'taxId', { name: 'country', widget: 'country' }, { name: 'currency', widget: 'currency' }],
  },
  { titleId: 'insurers.section.contact', fields: ['contactName', 'email', { name: 'phone', widget: 'tel' }, 'portalUrl', 'address'] },
  { titleId: 'insurers.section.rules', fields: ['claimDeadlineDays', 'cureDays', 'slaBusinessDays', 'verificationValidityDays', 'preauthorizationAbove', 'active'] },
];
