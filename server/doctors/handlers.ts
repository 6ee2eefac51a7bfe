import { sql, type SqlBool } from 'kysely';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database.ts';
import { BusinessRuleError, DuplicateValueError, StaleVersionError, StateConflictError } from '../errors.ts';
import type { Deps, HandlersOf } from '../http/types.ts';
import { agreementsOf, checkAgreements, replaceAgreements } from './agreements.ts';
import { audit, findRow, insertRow, present, resourceHandlers, updateRow, type Resource, type Row } from '../http/define-resource.ts';

type Doctor = components['schemas']['Doctor'];
type DoctorFields = components['schemas']['DoctorInput'];

export const doctors: Resource<Doctor> = {
  entity: 'doctor',
  table: 'doctors',
  path: '/api/doctors',
  fields: {
    firstNames: 'first_names',
    lastNames: 'last_names',
    documentType: 'document_type',
    documentNumber: 'document_number',
    licenseNumber: 'license_number',
    licenseJurisdiction: 'license_jurisdiction',
    licenseVerifiedOn: 'license_verified_on',
    specialty: 'specialty',
    otherSpecialties: 'other_specialties',
    taxId: 'tax_id',
    clinicName: 'clinic_name',
    clinicAddress: 'clinic_address',
    clinicCity: 'clinic_city',
    clinicPhone: 'clinic_phone',
    clinicEmail: 'clinic_email',
    inNetwork: 'in_network',
  },
  sortable: {
    lastNames: sql`lower(last_names)`,
    firstNames: sql`lower(first_names)`,
    licenseNumber: 'license_number',
    specialty: 'specialty',
    inNetwork: 'in_network',
    state: 'state',
    updatedAt: 'updated_at',
  },
  // The full name as migration 010's trigram index has it, so 'Ana Beltrán' finds her too.
  searchable: [sql`first_names || ' ' || last_names`, 'license_number', 'document_number', 'tax_id'],
  filters: {
    // `@>` rather than `= ANY` so the GIN index of 006 serves the other specialties.
    specialty: (specialty: string) => sql<SqlBool>`(specialty = ${specialty} OR other_specialties @> ARRAY[${specialty}]::text[])`,
    inNetwork: 'in_network',
    state: 'state',
    insurerId: (insurerId: number) => sql<SqlBool>`EXISTS (SELECT 1 FROM doctor_agreements a WHERE a.doctor_id = doctors.id AND a.insurer_id = ${insurerId})`,
  },
  async present(db, rows: Row[]) {
    const records = await present({ ...doctors, present: undefined } as Resource, db, rows);
    const ids = rows.map((row) => row.id);
    // Dates as the calendar days they are, whatever the driver's time zone.
    const dates = ids.length
      ? await db.kysely
          .selectFrom('doctors')
          .select((eb) => ['id', eb.cast<string | null>('license_verified_on', 'text').as('verified'), eb.cast<string | null>('suspended_on', 'text').as('suspended')])
          .where('id', 'in', ids)
          .execute()
      : [];
    const agreements = await agreementsOf(db, ids);
    return rows.map((row, index) => {
      const day = dates.find((d) => d.id === row.id);
      return {
        ...(records[index] as Record<string, unknown>),
        licenseVerifiedOn: day?.verified ?? null,
        state: row.state,
        suspensionReason: row.suspension_reason ?? null,
        suspendedOn: day?.suspended ?? null,
        agreements: agreements.get(row.id) ?? [],
      } as Doctor;
    });
  },
  auditDetail: (row) => ({ licenseNumber: row.license_number, licenseJurisdiction: row.license_jurisdiction }),
};

const LICENSE_KEY = 'doctors_license_jurisdiction_license_number_key';
const licenseTaken = () =>
  new DuplicateValueError('doctor.licenseTaken', 'Another doctor holds this licence number in this jurisdiction.', [{ path: 'body/licenseNumber', keyword: 'licenseTaken' }]);

/** Said on the licence field before writing; the unique key still decides when two saves race. */
async function checkLicenseFree(tx: Queryable, fields: DoctorFields, exceptId = 0) {
  const holder = await tx.kysely
    .selectFrom('doctors')
    .select('id')
    .where('license_jurisdiction', '=', fields.licenseJurisdiction)
    .where('license_number', '=', fields.licenseNumber)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (holder) throw licenseTaken();
}

const raceOnLicense = (error: unknown): never => {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code === '23505' && pg.constraint === LICENSE_KEY) throw licenseTaken();
  throw error;
};

/** The columns a save writes: the main specialty is not repeated among the others. */
function columns(fields: DoctorFields) {
  const { agreements: _agreements, ...rest } = fields;
  return { ...rest, otherSpecialties: [...new Set(fields.otherSpecialties ?? [])].filter((s) => s !== fields.specialty) };
}

async function referencesTo(tx: Queryable, doctorId: number) {
  const count = (table: 'verifications' | 'reimbursements' | 'orthodontic_plans') =>
    tx.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('doctor_id', '=', doctorId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return { verifications: await count('verifications'), reimbursements: await count('reimbursements'), orthodonticPlans: await count('orthodontic_plans') };
}

type DoctorOperations = 'createDoctor' | 'updateDoctor' | 'deleteDoctor' | 'changeDoctorState';

export function doctorHandlers(deps: Deps): HandlersOf<'listDoctors' | 'getDoctor' | DoctorOperations> {
  const { db, today } = deps;
  const one = async (tx: Queryable, row: Row) => (await present(doctors, tx, [row]))[0];
  const etag = (row: Row) => ({ ETag: `"${row.version}"` });

  return {
    ...resourceHandlers(doctors, { list: 'listDoctors', get: 'getDoctor' }, deps),

    async createDoctor(request) {
      const agreements = request.body.agreements ?? [];
      const [row, body] = await db
        .transaction(async (tx) => {
          await checkLicenseFree(tx, request.body);
          await checkAgreements(tx, agreements);
          const created = await insertRow(doctors, tx, columns(request.body));
          await replaceAgreements(tx, created.id, agreements);
          await audit(tx, request, 'doctor', 'CREATE', created.id, { ...doctors.auditDetail!(created), agreements: agreements.length });
          return [created, await one(tx, created)] as const;
        })
        .catch(raceOnLicense);
      return { status: 201, body, headers: { ...etag(row), Location: `${doctors.path}/${row.id}` } };
    },

    async updateDoctor(request) {
      const { version, ...fields } = request.body;
      const agreements = fields.agreements ?? [];
      const [row, body] = await db
        .transaction(async (tx) => {
          const current = await findRow(doctors, tx, request.params.id, true);
          if (current.version !== version) throw new StaleVersionError('doctor', current.version);
          await checkLicenseFree(tx, fields, current.id);
          await checkAgreements(tx, agreements);
          const updated = await updateRow(doctors, tx, current.id, version, columns(fields));
          await replaceAgreements(tx, updated.id, agreements);
          await audit(tx, request, 'doctor', 'UPDATE', updated.id, { version: updated.version, agreements: agreements.length });
          return [updated, await one(tx, updated)] as const;
        })
        .catch(raceOnLicense);
      return { status: 200, body, headers: etag(row) };
    },

    /** Only a doctor nothing names: the workflows keep their doctor for good (deactivate instead). */
    async deleteDoctor(request) {
      await db.transaction(async (tx) => {
        const row = await findRow(doctors, tx, request.params.id, true);
        const uses = await referencesTo(tx, row.id);
        if (uses.verifications + uses.reimbursements + uses.orthodonticPlans > 0) {
          throw new BusinessRuleError('doctor.inUse', 'Verifications, reimbursements or orthodontic plans name this doctor; deactivate the doctor instead.', [
            { path: 'params/id', keyword: 'inUse', params: uses },
          ]);
        }
        await tx.kysely.deleteFrom('doctors').where('id', '=', row.id).execute();
        await audit(tx, request, 'doctor', 'DELETE', row.id, doctors.auditDetail!(row));
      });
      return { status: 204 };
    },

    /** Active, inactive or suspended (with the reason and the day); a suspended doctor is named on no new reimbursement. */
    async changeDoctorState(request) {
      const { state, reason, version } = request.body;
      const [row, body] = await db.transaction(async (tx) => {
        const current = await findRow(doctors, tx, request.params.id, true);
        if (current.version !== version) throw new StaleVersionError('doctor', current.version);
        if (current.state === state) throw new StateConflictError('doctor.alreadyInState', `The doctor is already ${state.toLowerCase()}.`, [{ path: 'body/state', keyword: 'alreadyInState' }]);
        const suspended = state === 'SUSPENDED';
        const changed = (await tx.kysely
          .updateTable('doctors')
          .set({
            state,
            suspension_reason: suspended ? reason!.trim() : null,
            suspended_on: suspended ? today() : null,
            version: sql`version + 1`,
            updated_at: sql`now()`,
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as unknown as Row;
        await audit(tx, request, 'doctor', 'UPDATE', changed.id, { state, from: current.state, ...(suspended ? { reason: reason!.trim() } : {}) });
        return [changed, await one(tx, changed)] as const;
      });
      return { status: 200, body, headers: etag(row) };
    },
  };
}
