import { addMonths } from '@core/benefits/dates.ts';
import { patientOnOwnPolicy, type PatientOptions } from '../../../api/benefit-people.ts';
import type { ReplayContext } from './api-replay.ts';

/**
 * People and doctors for the API replays. Every path gets a patient alone on a policy of their own, so no other
 * path's claims, ledger or open verifications touch the facts its guards read.
 */
export const ownPatient = (ctx: ReplayContext, options: PatientOptions = {}) => patientOnOwnPolicy(ctx.server.db, options);

/** A child of `years` on the clock's date, enrolled long enough ago for every waiting period. */
export const childPatient = (ctx: ReplayContext, years = 12) =>
  ownPatient(ctx, { birthDate: addMonths(ctx.clock.today, -12 * years), enrolledOn: addMonths(ctx.clock.today, -36) });

/** A family policy's terms as the replays create it through the API; each adapter adds its holder, number, dates and maximum. */
export const REPLAY_POLICY_TERMS = {
  kind: 'FAMILY',
  planName: 'Dental Familia (replay)',
  benefitYear: 'CALENDAR',
  annualMaximum: '2000.00',
  deductible: '60',
  familyDeductible: null,
  orthoIncluded: true,
  orthoPercent: 50,
  orthoLifetimeMaximum: '1500.00',
  orthoAgeLimit: 19,
  benefitRules: [],
} as const;

export async function doctor(ctx: ReplayContext, specialty: 'GENERAL' | 'ORTHODONTICS'): Promise<number> {
  const [row] = await ctx.server.db.query<{ id: number }>(`SELECT id FROM doctors WHERE state = 'ACTIVE' AND specialty = $1 ORDER BY id LIMIT 1`, [specialty]);
  return row!.id;
}

/** Sends an event during a path's set-up (not one of the path's steps), failing loudly when refused. */
export async function setupEvent(ctx: ReplayContext, resource: string, id: number, body: Record<string, unknown>, token: string | undefined): Promise<Record<string, unknown>> {
  const current = await ctx.call('GET', `/api/${resource}/${id}`, { token });
  const response = await ctx.call('POST', `/api/${resource}/${id}/events`, { token, body: { version: current.body.version, ...body } });
  if (response.status !== 200) throw new Error(`Set-up ${body.type} on ${resource}/${id} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}
