import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

/** The patient's name as lists show and search it, for a query joining `patients`. */
export const patientName = sql<string>`patients.first_names || ' ' || patients.last_name`;

/** Every event that reads or posts to a patient's benefit ledger holds the patient's row, so they serialise. */
export const lockPatient = (tx: Queryable, patientId: number) => tx.kysely.selectFrom('patients').select('id').where('id', '=', patientId).forUpdate().execute();

export const doctorOf = (q: Queryable, doctorId: number) => q.kysely.selectFrom('doctors').select(['state', 'specialty']).where('id', '=', doctorId).executeTakeFirst();
