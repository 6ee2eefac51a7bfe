import type { Insurer, InsurerInput } from '../../api/insurers.ts';

/** The form keeps what the user typed as text; `toInsurerInput` turns it into the API's types. */
export interface InsurerFormValues {
  code: string;
  name: string;
  legalName: string;
  taxId: string;
  country: string;
  currency: string;
  phone: string;
  email: string;
  portalUrl: string;
  address: string;
  contactName: string;
  claimDeadlineDays: string;
  cureDays: string;
  slaBusinessDays: string;
  verificationValidityDays: string;
  preauthorizationAbove: string;
  active: boolean;
}

export type InsurerField = Exclude<keyof InsurerFormValues, 'active'>;

export const SECTIONS: { titleId: string; fields: { name: InsurerField; required?: boolean; type?: string; inputMode?: 'numeric' | 'decimal'; multiline?: boolean }[] }[] = [
  {
    titleId: 'insurers.section.identity',
    fields: [
      { name: 'code', required: true },
      { name: 'name', required: true },
      { name: 'legalName' },
      { name: 'taxId' },
      { name: 'country', required: true },
      { name: 'currency', required: true },
    ],
  },
  {
    titleId: 'insurers.section.contact',
    fields: [
      { name: 'contactName' },
      { name: 'email', type: 'email' },
      { name: 'phone', type: 'tel' },
      { name: 'portalUrl', type: 'url' },
      { name: 'address', multiline: true },
    ],
  },
  {
    titleId: 'insurers.section.rules',
    fields: [
      { name: 'claimDeadlineDays', inputMode: 'numeric' },
      { name: 'cureDays', inputMode: 'numeric' },
      { name: 'slaBusinessDays', inputMode: 'numeric' },
      { name: 'verificationValidityDays', inputMode: 'numeric' },
      { name: 'preauthorizationAbove', inputMode: 'decimal' },
    ],
  },
];

export const FORM_FIELDS: string[] = [...SECTIONS.flatMap((s) => s.fields.map((f) => f.name)), 'active'];

export const EMPTY_INSURER: InsurerFormValues = {
  code: '',
  name: '',
  legalName: '',
  taxId: '',
  country: '',
  currency: '',
  phone: '',
  email: '',
  portalUrl: '',
  address: '',
  contactName: '',
  claimDeadlineDays: '90',
  cureDays: '10',
  slaBusinessDays: '10',
  verificationValidityDays: '30',
  preauthorizationAbove: '',
  active: true,
};

export function toFormValues(insurer: Insurer): InsurerFormValues {
  const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));
  return {
    code: insurer.code,
    name: insurer.name,
    legalName: text(insurer.legalName),
    taxId: text(insurer.taxId),
    country: insurer.country,
    currency: insurer.currency,
    phone: text(insurer.phone),
    email: text(insurer.email),
    portalUrl: text(insurer.portalUrl),
    address: text(insurer.address),
    contactName: text(insurer.contactName),
    claimDeadlineDays: text(insurer.claimDeadlineDays),
    cureDays: text(insurer.cureDays),
    slaBusinessDays: text(insurer.slaBusinessDays),
    verificationValidityDays: text(insurer.verificationValidityDays),
    preauthorizationAbove: text(insurer.preauthorizationAbove),
    active: insurer.active,
  };
}

const optional = (v: string) => v.trim() || null;
// Not a whole number stays text, so the contract's `integer` rule reports it on its field.
const integer = (v: string) => (/^\s*-?\d+\s*$/.test(v) ? Number(v) : v.trim() === '' ? undefined : v);

export function toInsurerInput(v: InsurerFormValues): InsurerInput {
  return {
    code: v.code.trim().toUpperCase(),
    name: v.name.trim(),
    legalName: optional(v.legalName),
    taxId: optional(v.taxId),
    country: v.country.trim().toUpperCase(),
    currency: v.currency.trim().toUpperCase(),
    phone: optional(v.phone),
    email: optional(v.email),
    portalUrl: optional(v.portalUrl),
    address: optional(v.address),
    contactName: optional(v.contactName),
    claimDeadlineDays: integer(v.claimDeadlineDays) as number,
    cureDays: integer(v.cureDays) as number,
    slaBusinessDays: integer(v.slaBusinessDays) as number,
    verificationValidityDays: integer(v.verificationValidityDays) as number,
    preauthorizationAbove: optional(v.preauthorizationAbove.replace(',', '.')),
    active: v.active,
  };
}
