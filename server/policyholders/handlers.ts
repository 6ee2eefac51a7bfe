import { sql } from 'kysely';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, DuplicateValueError, InvalidInputError, StaleVersionError } from '../errors.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { audit, findRow, insertRow, present, resourceHandlers, updateRow, type Resource, type Row } from '../http/define-resource.ts';

type Policyholder = components['schemas']['Policyholder'];
type PolicyholderInput = components['schemas']['PolicyholderInput'];

/** The name a person or a company goes by, as lists sort and show it. */
const DISPLAY_NAME = sql`lower(coalesce(company_name, last_names || ', ' || first_names, ''))`;

/** The last four characters of an account, the rest hidden: enough to tell accounts apart, not to pay into one. */
export const maskAccount = (account: string | null) => {
  const compact = account?.replace(/\s+/g, '') ?? '';
  return compact ? `•••• ${compact.slice(-4)}` : null;
};

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Bank, account type, account and account holder all given: what a first payout to the holder needs (research 2.3). */
export const hasBankDetails = (row: Record<string, unknown>) =>
  filled(row.bank_name) && filled(row.bank_account_type) && filled(row.bank_account) && filled(row.account_holder);

export const policyholders: Resource<Policyholder> = {
  entity: 'policyholder',
  table: 'policyholders',
  path: '/api/policyholders',
  fields: {
    kind: 'kind',
    firstNames: 'first_names',
    lastNames: 'last_names',
    companyName: 'company_name',
    documentType: 'document_type',
    documentNumber: 'document_number',
    birthDate: 'birth_date',
    email: 'email',
    phone: 'phone',
    address: 'address',
    memberNumber: 'member_number',
    assignsBenefits: 'assigns_benefits',
    disclosureAuthorized: 'disclosure_authorized',
    privacyConsentVersion: 'privacy_consent_version',
    privacyConsentDate: 'privacy_consent_date',
    bankName: 'bank_name',
    bankAccountType: 'bank_account_type',
    bankAccount: 'bank_account',
    accountHolder: 'account_holder',
    active: 'active',
  },
  write: {
    documentNumber: (v) => String(v).trim().toUpperCase(),
    bankAccount: (v) => String(v).trim().replace(/\s+/g, ' ').toUpperCase(),
  },
  sortable: { name: DISPLAY_NAME, documentNumber: 'document_number', memberNumber: 'member_number', kind: 'kind', active: 'active', updatedAt: 'updated_at' },
  searchable: ['first_names', 'last_names', 'company_name', 'document_number', 'member_number'],
  filters: { kind: 'kind', active: 'active' },
  async present(db, rows: Row[]) {
    const ids = rows.map((row) => row.id);
    // Dates as the calendar days they are, whatever the driver's time zone.
    const days = ids.length
      ? await db.kysely
          .selectFrom('policyholders')
          .select((eb) => ['id', eb.cast<string | null>('birth_date', 'text').as('birth'), eb.cast<string | null>('privacy_consent_date', 'text').as('consent')])
          .where('id', 'in', ids)
          .execute()
      : [];
    const counts = ids.length
      ? await db.kysely
          .selectFrom('policies')
          .select((eb) => ['policyholder_id', eb.fn.countAll<number>().as('n')])
          .where('policyholder_id', 'in', ids)
          .groupBy('policyholder_id')
          .execute()
      : [];
    const records = await present({ ...policyholders, present: undefined } as Resource, db, rows);
    return rows.map((row, index) => {
      const { bankAccount: _secret, ...record } = records[index] as Record<string, unknown>;
      const day = days.find((d) => d.id === row.id);
      return {
        ...record,
        birthDate: day?.birth ?? null,
        privacyConsentDate: day?.consent ?? null,
        name: row.kind === 'COMPANY' ? String(row.company_name ?? '') : [row.first_names, row.last_names].filter(Boolean).join(' '),
        bankAccountMasked: maskAccount(row.bank_account as string | null),
        hasBankDetails: hasBankDetails(row),
        policyCount: Number(counts.find((c) => c.policyholder_id === row.id)?.n ?? 0),
      } as Policyholder;
    });
  },
  auditDetail: (row) => ({ documentType: row.document_type, documentNumber: row.document_number }),
};

const DOCUMENT_KEY = 'policyholders_document_type_document_number_key';
const documentTaken = () =>
  new DuplicateValueError('policyholder.documentTaken', 'Another policyholder has this document.', [{ path: 'body/documentNumber', keyword: 'documentTaken' }]);

/** A person needs names and a birth date, a company its name: the contract cannot say which, so it is said here on each field. */
function checkKind(fields: PolicyholderInput) {
  const needed = fields.kind === 'PERSON' ? (['firstNames', 'lastNames', 'birthDate'] as const) : (['companyName'] as const);
  const missing = needed.filter((name) => !filled(fields[name]));
  if (missing.length) {
    throw new InvalidInputError(
      'request.invalid',
      `A ${fields.kind === 'PERSON' ? 'person' : 'company'} needs ${missing.join(', ')}.`,
      missing.map((name) => ({ path: `body/${name}`, keyword: 'required' })),
    );
  }
}

/**
 * Research 2.3: the account type is part of the bank details, so it is asked for whenever any of them is
 * given, or an account is stored that the update keeps (a request leaves the account out to keep it).
 */
function checkAccountType(fields: PolicyholderInput, storedAccount: unknown = null) {
  const detailsGiven = filled(fields.bankName) || filled(fields.bankAccount) || filled(fields.accountHolder) || (fields.bankAccount === undefined && filled(storedAccount));
  if (detailsGiven && !fields.bankAccountType) {
    throw new InvalidInputError('request.invalid', 'The bank details need the account type.', [{ path: 'body/bankAccountType', keyword: 'required' }]);
  }
}

/** The fields of the other kind are not kept (a company has no birth date). */
function columns(fields: PolicyholderInput): Record<string, unknown> {
  return fields.kind === 'PERSON' ? { ...fields, companyName: null } : { ...fields, firstNames: null, lastNames: null, birthDate: null };
}

/** Said on the document field before writing; the unique key still decides when two saves race. */
async function checkDocumentFree(tx: Queryable, fields: PolicyholderInput, exceptId = 0) {
  const holder = await tx.kysely
    .selectFrom('policyholders')
    .select('id')
    .where('document_type', '=', fields.documentType)
    .where('document_number', '=', fields.documentNumber.trim().toUpperCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (holder) throw documentTaken();
}

/** Research 2.3: a company (persona jurídica) holds group policies only, so a holder of another kind of policy stays a person. */
async function checkCompanyPolicies(tx: Queryable, fields: PolicyholderInput, id: number) {
  if (fields.kind !== 'COMPANY') return;
  const other = await tx.kysely.selectFrom('policies').select('id').where('policyholder_id', '=', id).where('kind', '<>', 'GROUP').executeTakeFirst();
  if (other) {
    throw new BusinessRuleError('policyholder.companyWithoutGroupPolicy', 'A company holds group policies only, and this holder has another kind.', [
      { path: 'body/kind', keyword: 'companyWithoutGroupPolicy' },
    ]);
  }
}

const raceOnDocument = (error: unknown): never => {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code === '23505' && pg.constraint === DOCUMENT_KEY) throw documentTaken();
  throw error;
};

type Operations = 'createPolicyholder' | 'updatePolicyholder' | 'deletePolicyholder' | 'revealPolicyholderBankDetails';

export function policyholderHandlers(deps: Deps): HandlersOf<'listPolicyholders' | 'getPolicyholder' | Operations> {
  const { db } = deps;
  const one = async (tx: Queryable, row: Row) => (await present(policyholders, tx, [row]))[0];
  const etag = (row: Row) => ({ ETag: `"${row.version}"` });

  return {
    ...resourceHandlers(policyholders, { list: 'listPolicyholders', get: 'getPolicyholder' }, deps),

    async createPolicyholder(request) {
      checkKind(request.body);
      checkAccountType(request.body);
      const [row, body] = await db
        .transaction(async (tx) => {
          await checkDocumentFree(tx, request.body);
          const created = await insertRow(policyholders, tx, columns(request.body));
          await audit(tx, request, 'policyholder', 'CREATE', created.id, policyholders.auditDetail!(created));
          return [created, await one(tx, created)] as const;
        })
        .catch(raceOnDocument);
      return { status: 201, body, headers: { ...etag(row), Location: `${policyholders.path}/${row.id}` } };
    },

    async updatePolicyholder(request) {
      const { version, ...fields } = request.body;
      checkKind(fields);
      const [row, body] = await db
        .transaction(async (tx) => {
          const current = await findRow(policyholders, tx, request.params.id, true);
          if (current.version !== version) throw new StaleVersionError('policyholder', current.version);
          checkAccountType(fields, current.bank_account);
          await checkDocumentFree(tx, fields, current.id);
          await checkCompanyPolicies(tx, fields, current.id);
          const updated = await updateRow(policyholders, tx, current.id, version, columns(fields));
          // Which bank details changed, never their values.
          await audit(tx, request, 'policyholder', 'UPDATE', updated.id, { version: updated.version, bankAccountChanged: updated.bank_account !== current.bank_account });
          return [updated, await one(tx, updated)] as const;
        })
        .catch(raceOnDocument);
      return { status: 200, body, headers: etag(row) };
    },

    /** Only a holder without policies: a policy keeps its holder for good (deactivate the holder instead). */
    async deletePolicyholder(request) {
      await db.transaction(async (tx) => {
        const row = await findRow(policyholders, tx, request.params.id, true);
        const { n } = await tx.kysely
          .selectFrom('policies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('policyholder_id', '=', row.id)
          .executeTakeFirstOrThrow();
        if (Number(n) > 0) {
          throw new BusinessRuleError('policyholder.hasPolicies', 'The policyholder has policies; deactivate the policyholder instead.', [
            { path: 'params/id', keyword: 'hasPolicies', params: { policies: Number(n) } },
          ]);
        }
        await tx.kysely.deleteFrom('policyholders').where('id', '=', row.id).execute();
        await audit(tx, request, 'policyholder', 'DELETE', row.id, policyholders.auditDetail!(row));
      });
      return { status: 204 };
    },

    /** The bank details in full, for those allowed to see them; each reveal leaves an audit row. */
    async revealPolicyholderBankDetails(request) {
      const row = await findRow(policyholders, db, request.params.id);
      await db.transaction((tx) => audit(tx, request, 'policyholder', 'REVEAL', row.id, { part: 'bankDetails' }));
      return {
        status: 200,
        body: {
          bankName: (row.bank_name as string | null) ?? null,
          bankAccountType: (row.bank_account_type as 'CHECKING' | 'SAVINGS' | 'OTHER' | null) ?? null,
          bankAccount: (row.bank_account as string | null) ?? null,
          accountHolder: (row.account_holder as string | null) ?? null,
        },
      };
    },
  };
}
