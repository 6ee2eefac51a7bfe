import type { Database, Queryable } from '../db/database.ts';
import { inAudience, LIVE } from '../announcements/repository.ts';
import type { components } from '../../openapi/schema';
import { cureEndingThisWeek } from '../workflow/reimbursement/cure-week.ts';
import { unreadOf } from '../messages/conversations.ts';

type Dashboard = components['schemas']['Dashboard'];
type Section = components['schemas']['DashboardSection'];
type Tile = components['schemas']['DashboardTile'];
type Charts = components['schemas']['DashboardCharts'];

export interface Viewer {
  id: number;
  roles: string[];
  permissions: string[];
}

const OPEN_VERIFICATION = ['pending', 'inProgress', 'needsInfo'];
const OPEN_REIMBURSEMENT = ['draft', 'submitted', 'inReview', 'needsDocuments', 'approved', 'partiallyApproved'];
const TO_PAY = ['approved', 'partiallyApproved'];
// A tile's states are one of the reimbursement lists' queues (src/features/reimbursements/ReimbursementList.tsx),
// so the list it opens shows that queue chosen in its filter.
const TO_REVIEW = ['submitted', 'inReview'];
const MONTHS_CHARTED = 6;

const count = async (db: Queryable, sql: string, params: unknown[]) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params))[0].n;

/** Each reimbursement tile comes once per kind, as the lists do (`/reembolsos/general`, `/reembolsos/ortodoncia`), so a tile counts exactly what its link shows. */
const KINDS = [
  { kind: 'GENERAL', prefix: '', list: '/reembolsos/general' },
  { kind: 'ORTHODONTIC', prefix: 'orthodontic', list: '/reembolsos/ortodoncia' },
] as const;
const tileKey = (prefix: string, key: string) => (prefix ? `${prefix}${key[0].toUpperCase()}${key.slice(1)}` : key);

/** Reimbursements in these states, one tile per kind, linked to that kind's list filtered by them. */
const reimbursementTiles = (db: Queryable, key: string, states: string[]): Promise<Tile[]> =>
  Promise.all(
    KINDS.map(async ({ kind, prefix, list }) => ({
      key: tileKey(prefix, key),
      count: await count(db, 'FROM reimbursements WHERE state = ANY($1::text[]) AND kind = $2', [states, kind]),
      link: `${list}?state=${states.join(',')}`,
    })),
  );


async function verifierSection(db: Queryable, viewer: Viewer, today: string): Promise<Section> {
  const mine = 'FROM verifications WHERE assignee_id = $1 AND state = ANY($2::text[])';
  const tiles: Tile[] = [
    { key: 'myOpenVerifications', count: await count(db, mine, [viewer.id, OPEN_VERIFICATION]), link: '/verificaciones/nuevas?assigned=mine' },
    {
      key: 'myPastDueVerifications',
      count: await count(db, `${mine} AND planned_service_date < $3`, [viewer.id, OPEN_VERIFICATION, today]),
      link: '/verificaciones/nuevas?assigned=mine&pastDue=true',
    },
    {
      key: 'myNeedsInfoVerifications',
      count: await count(db, mine, [viewer.id, ['needsInfo']]),
      link: '/verificaciones/nuevas?assigned=mine&state=needsInfo',
    },
  ];
  return { key: 'verifier', tiles };
}

async function analystSection(db: Queryable, today: string): Promise<Section> {
  const cure = cureEndingThisWeek(today);
  const cureEnding = KINDS.map(async ({ kind, prefix, list }): Promise<Tile> => ({
    key: tileKey(prefix, 'cureEndingThisWeek'),
    count: await count(db, 'FROM reimbursements WHERE state = $1 AND kind = $2 AND cure_deadline BETWEEN $3 AND $4', ['needsDocuments', kind, cure.from, cure.to]),
    link: `${list}?state=needsDocuments&cureEnding=thisWeek`,
  }));
  const [toReview, waiting, cureTiles] = await Promise.all([
    reimbursementTiles(db, 'reimbursementsToReview', TO_REVIEW),
    reimbursementTiles(db, 'reimbursementsWaitingDocuments', ['needsDocuments']),
    Promise.all(cureEnding),
  ]);
  return { key: 'analyst', tiles: [...toReview, ...waiting, ...cureTiles] };
}

async function treasurySection(db: Queryable): Promise<Section> {
  const tiles = KINDS.map(async ({ kind, prefix, list }): Promise<Tile> => {
    const sums = await db.query<{ currency: string; n: number; cents: number }>(
      `SELECT currency, count(*)::int AS n, sum(payable_cents)::float8 AS cents FROM reimbursements WHERE state = ANY($1::text[]) AND kind = $2 GROUP BY currency ORDER BY currency`,
      [TO_PAY, kind],
    );
    return {
      key: tileKey(prefix, 'approvedToPay'),
      count: sums.reduce((total, row) => total + row.n, 0),
      amounts: sums.map((row) => ({ currency: row.currency.trim(), cents: Number(row.cents) })),
      link: `${list}?state=${TO_PAY.join(',')}`,
    };
  });
  // Issue 26: claims a bank returned from a payment run (the claims list's payment=returned), and the runs waiting
  // for a second person or for the bank (the runs list filtered by that state).
  const returned = KINDS.map(async ({ kind, prefix, list }): Promise<Tile> => ({
    key: tileKey(prefix, 'returnedPayments'),
    count: await count(
      db,
      `FROM reimbursements r WHERE r.kind = $1 AND r.state = ANY($2::text[])
         AND EXISTS (SELECT 1 FROM payment_run_items i WHERE i.reimbursement_id = r.id AND i.bank_status = 'RJCT')
         AND NOT EXISTS (SELECT 1 FROM payment_run_items i WHERE i.reimbursement_id = r.id AND i.holds_claim)`,
      [kind, TO_PAY],
    ),
    link: `${list}?payment=returned`,
  }));
  const runs = (['submitted', 'sent'] as const).map(async (state): Promise<Tile> => ({
    key: state === 'submitted' ? 'paymentRunsToApprove' : 'paymentRunsAwaitingBank',
    count: await count(db, 'FROM payment_runs WHERE state = $1', [state]),
    link: `/pagos?state=${state}`,
  }));
  return { key: 'treasury', tiles: [...(await Promise.all(tiles)), ...(await Promise.all(returned)), ...(await Promise.all(runs))] };
}

async function supervisionSection(db: Queryable, today: string): Promise<Section> {
  return {
    key: 'supervision',
    tiles: [
      { key: 'openVerifications', count: await count(db, 'FROM verifications WHERE state = ANY($1::text[])', [OPEN_VERIFICATION]), link: '/verificaciones/nuevas' },
      {
        key: 'pastDueVerifications',
        count: await count(db, 'FROM verifications WHERE state = ANY($1::text[]) AND planned_service_date < $2', [OPEN_VERIFICATION, today]),
        link: '/verificaciones/nuevas?pastDue=true',
      },
      ...(await reimbursementTiles(db, 'openReimbursements', OPEN_REIMBURSEMENT)),
      ...(await reimbursementTiles(db, 'reimbursementsToReview', TO_REVIEW)),
    ],
  };
}

/** How long each open record has waited in its state: since the transition into it, or since it was created. */
async function statusVolumes(db: Queryable, today: string): Promise<Charts['statusVolumes']> {
  const ageing = (table: string, entity: string) => `
    SELECT '${entity}' AS workflow, t.state, count(*)::int AS count,
      count(*) FILTER (WHERE age < 7)::int AS "under7Days",
      count(*) FILTER (WHERE age BETWEEN 7 AND 30)::int AS "from7To30Days",
      count(*) FILTER (WHERE age > 30)::int AS "over30Days"
    FROM (
      SELECT x.state, $1::date - coalesce(
        (SELECT max(h.at) FROM workflow_history h WHERE h.entity_type = '${entity}' AND h.entity_id = x.id AND h.to_state = x.state), x.created_at)::date AS age
      FROM ${table} x WHERE x.state = ANY($2::text[])
    ) t GROUP BY t.state`;
  const verifications = await db.query<Charts['statusVolumes'][number]>(ageing('verifications', 'verification'), [today, OPEN_VERIFICATION]);
  const reimbursements = await db.query<Charts['statusVolumes'][number]>(ageing('reimbursements', 'reimbursement'), [today, OPEN_REIMBURSEMENT]);
  const order = (states: string[]) => (a: { state: string }, b: { state: string }) => states.indexOf(a.state) - states.indexOf(b.state);
  return [...verifications.sort(order(OPEN_VERIFICATION)), ...reimbursements.sort(order(OPEN_REIMBURSEMENT))];
}

/** The last months, oldest first, as YYYY-MM (the current one included). */
function lastMonths(today: string, n: number): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - (n - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

async function approvalRates(db: Queryable, today: string): Promise<Charts['approvalRates']> {
  const months = lastMonths(today, MONTHS_CHARTED);
  const rows = await db.query<{ month: string; to_state: string; n: number }>(
    `SELECT to_char(at, 'YYYY-MM') AS month, to_state, count(*)::int AS n FROM workflow_history
     WHERE entity_type = 'reimbursement' AND to_state IN ('approved', 'partiallyApproved', 'rejected') AND at >= $1::date
     GROUP BY 1, 2`,
    [`${months[0]}-01`],
  );
  const of = (month: string, state: string) => rows.find((row) => row.month === month && row.to_state === state)?.n ?? 0;
  return months.map((month) => ({ month, approved: of(month, 'approved'), partiallyApproved: of(month, 'partiallyApproved'), rejected: of(month, 'rejected') }));
}

async function paidByInsurer(db: Queryable, today: string): Promise<Charts['paidByInsurer']> {
  const months = lastMonths(today, MONTHS_CHARTED);
  const rows = await db.query<{ insurer_id: number; insurer_name: string; currency: string; month: string; cents: number }>(
    `SELECT r.insurer_id, i.name AS insurer_name, r.currency, to_char(r.paid_on, 'YYYY-MM') AS month, sum(r.paid_cents)::float8 AS cents
     FROM reimbursements r JOIN insurers i ON i.id = r.insurer_id
     WHERE r.state = 'paid' AND r.paid_on >= $1::date AND r.paid_on <= $2::date
     GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4`,
    [`${months[0]}-01`, today],
  );
  return rows.map((row) => ({ insurerId: row.insurer_id, insurerName: row.insurer_name, currency: row.currency.trim(), month: row.month, cents: Number(row.cents) }));
}

async function communicationSection(db: Queryable, viewer: Viewer): Promise<Section> {
  const tiles: Tile[] = [];
  if (viewer.permissions.includes('messages:read')) {
    tiles.push({
      key: 'unreadMessages',
      // The header's badge counts with the same function: the two never disagree.
      count: (await unreadOf(db, viewer.id)).unread,
      link: '/mensajes?unread=true',
    });
  }
  if (viewer.permissions.includes('announcements:read')) {
    tiles.push({
      key: 'pendingAnnouncements',
      count: await count(
        db,
        `FROM announcements a WHERE ${LIVE} AND ${inAudience('$1')} AND a.requires_acknowledgement
         AND NOT EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.body_version = a.body_version AND r.user_id = $1 AND r.acknowledged_at IS NOT NULL)`,
        [viewer.id],
      ),
      link: '/comunicadospendientes',
    });
  }
  return { key: 'communication', tiles };
}

/**
 * What each role needs at the start of a day (issue 10), read live. Sections follow the viewer's roles;
 * supervisors and administrators get the charts.
 */
export async function dashboardOf(db: Database, viewer: Viewer, today: string): Promise<Dashboard> {
  const has = (...roles: string[]) => roles.some((role) => viewer.roles.includes(role));
  const supervising = has('supervisor', 'administrator');
  const sections: Section[] = [];
  if (has('verifier')) sections.push(await verifierSection(db, viewer, today));
  if (has('reimbursement_analyst', 'dental_auditor')) sections.push(await analystSection(db, today));
  if (has('treasury') || supervising) sections.push(await treasurySection(db));
  if (supervising) sections.push(await supervisionSection(db, today));
  const communication = await communicationSection(db, viewer);
  if (communication.tiles.length) sections.push(communication);
  const charts = supervising
    ? { statusVolumes: await statusVolumes(db, today), approvalRates: await approvalRates(db, today), paidByInsurer: await paidByInsurer(db, today) }
    : undefined;
  return { generatedAt: new Date().toISOString(), sections, ...(charts ? { charts } : {}) };
}
