import { sql, type Expression, type RawBuilder } from 'kysely';
import type { components } from '../../openapi/schema';
import { appendAudit } from '../audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { matchesText } from '../db/list-query.ts';
import type { Actor } from '../workflow/shared/actor.ts';

type Schemas = components['schemas'];
type Kind = Schemas['SearchKind'];
type Hit = Schemas['SearchHit'];
type Matched = Hit['matched'];

/** A row of one kind's query: what the hit shows and the values the text may have matched. */
interface Found {
  id: number;
  title: string;
  subtitle: string | null;
  state: string | null;
  link: string;
  patient_id: number | null;
  /** Identifier fields, in the order a match is reported. */
  identifiers: Partial<Record<Matched, string | null>>;
}

/** Identifiers first (an exact one ranks first), then names; LIMIT n + 1 tells whether more follow. */
const exactFirst = (q: string, identifiers: Expression<unknown>[]) =>
  sql<number>`CASE WHEN ${sql.join(identifiers.map((i) => sql`upper(${i}) = upper(${q})`), sql` OR `)} THEN 0 ELSE 1 END`;

const fullName = (...parts: RawBuilder<unknown>[]) => sql<string>`concat_ws(' ', ${sql.join(parts)})`;

type Searcher = (q: Queryable, text: string, limit: number) => Promise<Found[]>;

// Each kind searches the name expressions and identifier columns migration 043 indexes folded (accents and case ignored).
const SEARCHERS: Record<Kind, Searcher> = {
  async patient(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('patients')
      .innerJoin('policies', 'policies.id', 'patients.policy_id')
      .select(['patients.id', 'patients.state', 'patients.document_type', 'patients.document_number', 'patients.credential_number', 'policies.number as policy_number'])
      .select(fullName(sql.ref('patients.first_names'), sql.ref('patients.last_name'), sql.ref('patients.second_last_name')).as('name'))
      .where('patients.state', '<>', 'ENROLLING')
      // The full name as the patients' list searches it (one trigram index serves both).
      .where(
        matchesText(text, [
          sql`patients.first_names || ' ' || patients.last_name || coalesce(' ' || patients.second_last_name, '')`,
          sql.ref('patients.document_number'),
          sql.ref('patients.credential_number'),
        ]),
      )
      .orderBy(exactFirst(text, [sql.ref('patients.document_number'), sql.ref('patients.credential_number')]))
      .orderBy(sql`lower(patients.last_name)`)
      .orderBy(sql`lower(patients.first_names)`)
      .orderBy('patients.id')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      subtitle: [r.document_number && `${r.document_type ?? ''} ${r.document_number}`.trim(), r.policy_number].filter(Boolean).join(' · ') || null,
      state: r.state,
      link: `/pacientes/ver/${r.id}`,
      patient_id: r.id,
      identifiers: { document: r.document_number, credentialNumber: r.credential_number },
    }));
  },

  async policyholder(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('policyholders')
      .select(['id', 'document_type', 'document_number', 'member_number', 'active'])
      .select(sql<string>`coalesce(company_name, concat_ws(' ', first_names, last_names))`.as('name'))
      .where(matchesText(text, [sql`first_names || ' ' || last_names`, sql.ref('company_name'), sql.ref('document_number'), sql.ref('member_number')]))
      .orderBy(exactFirst(text, [sql.ref('document_number'), sql.ref('member_number')]))
      .orderBy(sql`lower(coalesce(company_name, last_names))`)
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      subtitle: `${r.document_type} ${r.document_number}`,
      state: r.active ? 'ACTIVE' : 'INACTIVE',
      link: `/titulares/editar/${r.id}`,
      patient_id: null,
      identifiers: { document: r.document_number, memberNumber: r.member_number },
    }));
  },

  async policy(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('policies')
      .innerJoin('insurers', 'insurers.id', 'policies.insurer_id')
      .select(['policies.id', 'policies.number', 'policies.plan_name', 'policies.state', 'insurers.name as insurer_name'])
      .where(matchesText(text, [sql.ref('policies.number')]))
      .orderBy(exactFirst(text, [sql.ref('policies.number')]))
      .orderBy('policies.number')
      .orderBy('policies.id')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.number,
      subtitle: `${r.plan_name} · ${r.insurer_name}`,
      state: r.state,
      link: `/pacientes/${r.id}`,
      patient_id: null,
      identifiers: { policyNumber: r.number },
    }));
  },

  async doctor(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('doctors')
      .select(['id', 'license_number', 'license_jurisdiction', 'document_number', 'tax_id', 'state'])
      .select(fullName(sql.ref('first_names'), sql.ref('last_names')).as('name'))
      .where(matchesText(text, [sql`first_names || ' ' || last_names`, sql.ref('license_number'), sql.ref('document_number'), sql.ref('tax_id')]))
      .orderBy(exactFirst(text, [sql.ref('license_number'), sql.ref('document_number'), sql.ref('tax_id')]))
      .orderBy(sql`lower(last_names)`)
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.name,
      subtitle: `${r.license_number} · ${r.license_jurisdiction}`,
      state: r.state,
      link: `/doctores/editar/${r.id}`,
      patient_id: null,
      identifiers: { licenseNumber: r.license_number, document: r.document_number, taxId: r.tax_id },
    }));
  },

  async verification(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('verifications')
      .innerJoin('patients', 'patients.id', 'verifications.patient_id')
      .select(['verifications.id', 'verifications.folio', 'verifications.authorization_number', 'verifications.state', 'verifications.patient_id'])
      .select(fullName(sql.ref('patients.first_names'), sql.ref('patients.last_name')).as('patient_name'))
      .where(matchesText(text, [sql.ref('verifications.folio'), sql.ref('verifications.authorization_number')]))
      .orderBy(exactFirst(text, [sql.ref('verifications.folio'), sql.ref('verifications.authorization_number')]))
      .orderBy('verifications.id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.folio,
      subtitle: r.patient_name,
      state: r.state,
      link: `/verificaciones/editar/${r.id}`,
      patient_id: r.patient_id,
      identifiers: { folio: r.folio, authorizationNumber: r.authorization_number },
    }));
  },

  async reimbursement(q, text, limit) {
    const rows = await q.kysely
      .selectFrom('reimbursements')
      .innerJoin('patients', 'patients.id', 'reimbursements.patient_id')
      .select(['reimbursements.id', 'reimbursements.folio', 'reimbursements.invoice_number', 'reimbursements.state', 'reimbursements.patient_id', 'reimbursements.verification_id'])
      .select(fullName(sql.ref('patients.first_names'), sql.ref('patients.last_name')).as('patient_name'))
      .where(matchesText(text, [sql.ref('reimbursements.folio'), sql.ref('reimbursements.invoice_number')]))
      .orderBy(exactFirst(text, [sql.ref('reimbursements.folio'), sql.ref('reimbursements.invoice_number')]))
      .orderBy('reimbursements.id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.folio,
      subtitle: [r.patient_name, r.invoice_number].filter(Boolean).join(' · '),
      state: r.state,
      link: `/reembolsos/editar/${r.verification_id}/${r.id}`,
      patient_id: r.patient_id,
      identifiers: { folio: r.folio, invoiceNumber: r.invoice_number },
    }));
  },
};

/** The kinds in the order the results show them, each with the permission that lets a user see it. */
export const SEARCH_KINDS: readonly [Kind, string][] = [
  ['patient', 'patients:read'],
  ['policyholder', 'policyholders:read'],
  ['policy', 'policies:read'],
  ['doctor', 'doctors:read'],
  ['verification', 'verifications:read'],
  ['reimbursement', 'reimbursements:read'],
];

/** The identifier the text matched (exactly first, then partly), else the name. */
function matchedField(found: Found, text: string): Matched {
  const wanted = text.toLocaleUpperCase();
  const fields = Object.entries(found.identifiers).filter((e): e is [Matched, string] => typeof e[1] === 'string');
  return (
    fields.find(([, value]) => value.toLocaleUpperCase() === wanted)?.[0] ??
    fields.find(([, value]) => value.toLocaleUpperCase().includes(wanted))?.[0] ??
    'name'
  );
}

/**
 * Searches every kind the actor may read, a few rows each, and audits the patients the answer shows
 * (found by name or document, or behind a verification or reimbursement it lists).
 */
export async function search(db: Database, text: string, limit: number, actor: Actor & { permissions: string[] }): Promise<Schemas['SearchResults']> {
  const trimmed = text.trim();
  const groups: Schemas['SearchGroup'][] = [];
  const patientIds = new Set<number>();
  // The kinds are searched at once: on PostgreSQL each takes its own pooled connection (PGlite queues them).
  const readable = SEARCH_KINDS.filter(([, permission]) => actor.permissions.includes(permission)).map(([kind]) => kind);
  const results = await Promise.all(readable.map((kind) => SEARCHERS[kind](db, trimmed, limit)));
  for (const [i, kind] of readable.entries()) {
    const found = results[i];
    if (!found.length) continue;
    const shown = found.slice(0, limit);
    shown.forEach((f) => f.patient_id !== null && patientIds.add(f.patient_id));
    groups.push({
      kind,
      more: found.length > limit,
      items: shown.map((f) => ({ kind, id: f.id, title: f.title, subtitle: f.subtitle, matched: matchedField(f, trimmed), state: f.state, link: f.link })),
    });
  }
  if (patientIds.size) {
    await db.transaction((tx) =>
      appendAudit(tx, {
      userId: actor.id,
      action: 'LIST',
      entityType: 'patient',
      result: 'ALLOWED',
      ip: actor.ip,
      userAgent: actor.userAgent,
        detail: { search: trimmed, ids: [...patientIds].sort((a, b) => a - b) },
      }),
    );
  }
  return { q: trimmed, groups };
}
