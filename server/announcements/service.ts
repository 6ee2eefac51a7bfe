import type { components } from '../../openapi/schema';
import { isBlankHtml } from '@core/announcements/html.ts';
import { announcementMachine, type AnnouncementEvent } from '@core/workflows/announcement.machine.ts';
import type { Database, Queryable } from '../db/database.ts';
import { likePattern } from '../db/list-query.ts';
import { BusinessRuleError, DomainError, NotFoundError, StaleVersionError, StateConflictError } from '../errors.ts';
import { SYSTEM, type Actor } from '../workflow/shared/actor.ts';
import { auditWorkflow } from '../workflow/shared/audit.ts';
import { defineWorkflowService, type Effects, type Evaluation } from '../workflow/shared/define-workflow.ts';
import { findAnnouncement, inAudience, insertAnnouncement, LIVE, readsOf, SELECT_ANNOUNCEMENT, writeAnnouncement, type AnnouncementColumns, type AnnouncementRow } from './repository.ts';
import { sanitizeAnnouncementBody } from './sanitize.ts';
import type { TimerJob } from '../timer-jobs.ts';

type Announcement = components['schemas']['Announcement'];
type AnnouncementInput = components['schemas']['AnnouncementInput'];

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const presentRow = (row: AnnouncementRow, evaluation: Evaluation<null>): Omit<Announcement, 'blockedEvents'> => ({
  id: row.id,
  title: row.title,
  body: row.body,
  priority: row.priority,
  audience: row.audience,
  audienceRoles: row.audience_roles,
  audienceUserIds: row.audience_user_ids,
  audienceInsurerId: row.audience_insurer_id,
  audienceInsurerName: row.audience_insurer_name,
  requiresAcknowledgement: row.requires_acknowledgement,
  blocking: row.blocking,
  publishFrom: iso(row.publish_from)!,
  publishUntil: iso(row.publish_until),
  state: row.state as Announcement['state'],
  bodyVersion: row.body_version,
  authorId: row.author_id,
  authorName: row.author_name,
  publishedAt: iso(row.published_at),
  readAt: null,
  acknowledgedAt: null,
  allowedEvents: evaluation.allowedEvents,
  version: row.version,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

type Changes = { published_at?: string; archived_at?: string; body_version?: number };

const effects: Effects<typeof announcementMachine, AnnouncementRow, null, Changes> = {
  recordPublication: ({ row, changes }) => void (changes.published_at = iso(row.published_at) ?? new Date().toISOString()),
  newBodyVersion: ({ row, changes }) => void (changes.body_version = row.body_version + 1),
  recordArchive: ({ changes }) => void (changes.archived_at = new Date().toISOString()),
};

export const announcementWorkflow = defineWorkflowService({
  machine: announcementMachine,
  entity: 'announcement',
  name: 'announcement',
  load: findAnnouncement,
  async facts(_q, rows) {
    const now = new Date().toISOString();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          facts: { now, publishFrom: iso(row.publish_from)!, publishUntil: iso(row.publish_until), hasContent: row.title.trim() !== '' && !isBlankHtml(row.body) },
          context: null,
        },
      ]),
    );
  },
  effects,
  async save(tx, row, changes: Changes & { state: string }) {
    await tx.query(
      `UPDATE announcements SET state = $2, published_at = coalesce($3, published_at), archived_at = coalesce($4, archived_at),
         body_version = coalesce($5, body_version), version = version + 1, updated_at = now() WHERE id = $1`,
      [row.id, changes.state, changes.published_at ?? null, changes.archived_at ?? null, changes.body_version ?? null],
    );
  },
  // REVISE and the window events are the server's own: an edit of a published announcement, the clock.
  probes: (): AnnouncementEvent[] => [{ type: 'PUBLISH' }, { type: 'RETRACT' }, { type: 'ARCHIVE' }],
  present: presentRow,
});

const rule = (code: string, detail: string, path: string) => new BusinessRuleError(code, detail, [{ path: `body/${path}`, keyword: code.split('.')[1]! }]);

/** The input as columns, after the checks the contract cannot make. */
async function columnsOf(q: Queryable, input: AnnouncementInput): Promise<AnnouncementColumns> {
  const requiresAcknowledgement = input.requiresAcknowledgement ?? false;
  const blocking = input.blocking ?? false;
  // Research 2.8: only a high-priority announcement that asks for acknowledgement may block the panel.
  if (blocking && (input.priority !== 'high' || !requiresAcknowledgement)) {
    throw rule('announcement.blockingNeedsHighAcknowledged', 'Only a high-priority announcement that asks for acknowledgement may block the panel.', 'blocking');
  }
  const from = new Date(input.publishFrom);
  const until = input.publishUntil ? new Date(input.publishUntil) : null;
  if (until && until <= from) throw rule('announcement.windowOrder', 'The end of publication must come after its start.', 'publishUntil');
  const roles = input.audience === 'roles' ? (input.audienceRoles ?? []) : [];
  const userIds = input.audience === 'users' ? (input.audienceUserIds ?? []) : [];
  const insurerId = input.audience === 'insurer' ? (input.audienceInsurerId ?? null) : null;
  if (input.audience === 'roles') {
    const known = roles.length ? await q.kysely.selectFrom('roles').select('code').where('code', 'in', roles).execute() : [];
    if (!roles.length || known.length !== roles.length) throw rule('announcement.audienceRolesInvalid', 'Choose one or more existing roles.', 'audienceRoles');
  }
  if (input.audience === 'users') {
    const known = userIds.length ? await q.kysely.selectFrom('users').select('id').where('id', 'in', userIds).execute() : [];
    if (!userIds.length || known.length !== userIds.length) throw rule('announcement.audienceUsersInvalid', 'Choose one or more existing users.', 'audienceUserIds');
  }
  if (input.audience === 'insurer') {
    const known = insurerId ? await q.kysely.selectFrom('insurers').select('id').where('id', '=', insurerId).executeTakeFirst() : undefined;
    if (!known) throw rule('announcement.audienceInsurerInvalid', 'Choose an existing insurer.', 'audienceInsurerId');
  }
  return {
    title: input.title.trim(),
    body: sanitizeAnnouncementBody(input.body),
    priority: input.priority,
    audience: input.audience,
    audience_roles: [...roles].sort(),
    audience_user_ids: [...userIds].sort((a, b) => a - b),
    audience_insurer_id: insurerId,
    requires_acknowledgement: requiresAcknowledgement,
    blocking,
    publish_from: from.toISOString(),
    publish_until: until?.toISOString() ?? null,
  };
}

const canManage = (actor: Actor) => actor.permissions?.includes('announcements:create') ?? false;

const SORTS: Record<string, string> = { title: 'lower(a.title)', priority: "array_position(ARRAY['low','normal','medium','high'], a.priority)", state: 'a.state', publishFrom: 'a.publish_from', updatedAt: 'a.updated_at' };

const orderBy = (sort: string) =>
  sort
    .split(',')
    .map((key) => `${SORTS[key.replace(/^-/, '')]} ${key.startsWith('-') ? 'DESC' : 'ASC'}`)
    .concat('a.id DESC')
    .join(', ');

/**
 * The time-driven events: sent by the minute timer (server/timer-jobs.ts, one process per minute) and
 * also when a request notices them first (any process may; the row lock and the machine keep it once).
 */
export async function sendDueWindowEvents(db: Database): Promise<number> {
  const due = await db.query<{ id: number; state: string }>(
    `SELECT id, state FROM announcements WHERE (state = 'scheduled' AND publish_from <= now()) OR (state = 'published' AND publish_until <= now())`,
  );
  let sent = 0;
  for (const { id, state } of due) {
    const event: AnnouncementEvent = state === 'scheduled' ? { type: 'WINDOW_OPENED', at: new Date().toISOString() } : { type: 'WINDOW_CLOSED', at: new Date().toISOString() };
    try {
      await db.transaction((tx) => announcementWorkflow.send(tx, id, event, { actor: SYSTEM, today: event.at.slice(0, 10) }));
      sent++;
    } catch (error) {
      // Another process moved it first: the machine refuses the second event.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return sent;
}

async function withMyReads(q: Queryable, actor: Actor, items: Array<Omit<Announcement, 'readAt' | 'acknowledgedAt'> & Partial<Announcement>>): Promise<Announcement[]> {
  const reads = await readsOf(q, actor.id!, items.map((item) => item.id));
  return items.map((item) => {
    const read = reads.get(item.id);
    return { ...item, readAt: iso(read?.read_at ?? null), acknowledgedAt: iso(read?.acknowledged_at ?? null) } as Announcement;
  });
}

/** A user who does not manage announcements sees only the live ones addressed to them; anything else is "not found". */
async function visibleRow(q: Queryable, id: number, actor: Actor): Promise<AnnouncementRow> {
  const row = await announcementWorkflow.find(q, id);
  if (canManage(actor)) return row;
  const [visible] = await q.query(`SELECT 1 FROM announcements a WHERE a.id = $1 AND ${LIVE} AND ${inAudience('$2')}`, [id, actor.id]);
  if (!visible) throw new NotFoundError('announcement');
  return row;
}

export const announcementService = {
  async list(db: Database, filter: { page: number; pageSize: number; sort: string; q?: string; state?: string; priority?: string }, actor: Actor) {
    await sendDueWindowEvents(db);
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (!canManage(actor)) where.push(LIVE, inAudience(param(actor.id)));
    if (filter.state) where.push(`a.state = ${param(filter.state)}`);
    if (filter.priority) where.push(`a.priority = ${param(filter.priority)}`);
    if (filter.q) where.push(`search_fold(a.title) LIKE search_fold(${param(likePattern(filter.q))})`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM announcements a ${whereSql}`, [...params])) as [{ total: number }];
    const rows = await db.query<AnnouncementRow & Record<string, unknown>>(
      `${SELECT_ANNOUNCEMENT} ${whereSql} ORDER BY ${orderBy(filter.sort)} LIMIT ${param(filter.pageSize)} OFFSET ${param((filter.page - 1) * filter.pageSize)}`,
      params,
    );
    const items = await announcementWorkflow.present(db, rows, actor, '');
    return { items: await withMyReads(db, actor, items), total, page: filter.page, pageSize: filter.pageSize };
  },

  /** Reading a live announcement addressed to you records the read of its current version. */
  async get(db: Database, id: number, actor: Actor) {
    await sendDueWindowEvents(db);
    const row = await visibleRow(db, id, actor);
    await db.transaction(async (tx) => {
      const [addressed] = await tx.query(`SELECT 1 FROM announcements a WHERE a.id = $1 AND ${LIVE} AND ${inAudience('$2')}`, [id, actor.id]);
      if (addressed) {
        await tx.query(
          `INSERT INTO announcement_reads (announcement_id, body_version, user_id, ip) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [id, row.body_version, actor.id, actor.ip ?? null],
        );
      }
      await auditWorkflow(tx, 'announcement', actor, 'VIEW', id);
    });
    const [item] = await announcementWorkflow.present(db, [row], actor, '');
    return (await withMyReads(db, actor, [item!]))[0]!;
  },

  async create(db: Database, input: AnnouncementInput, actor: Actor) {
    const id = await db.transaction(async (tx) => {
      const columns = await columnsOf(tx, input);
      const newId = await insertAnnouncement(tx, columns, actor.id!);
      await auditWorkflow(tx, 'announcement', actor, 'CREATE', newId, { title: columns.title, audience: columns.audience });
      return newId;
    });
    return this.get(db, id, actor);
  },

  /**
   * A draft or scheduled one is simply replaced; a published one too, but a new title or body is a new
   * version (REVISE): the replaced text is kept and everyone's acknowledgement is asked again.
   */
  async update(db: Database, id: number, input: components['schemas']['AnnouncementUpdate'], actor: Actor) {
    await db.transaction(async (tx) => {
      const current = await announcementWorkflow.find(tx, id, true);
      if (current.version !== input.version) throw new StaleVersionError('announcement', current.version);
      if (current.state === 'archived') throw new StateConflictError('announcement.notEditable', 'An archived announcement is not edited.', [{ path: 'body', keyword: 'notEditable' }]);
      const columns = await columnsOf(tx, input);
      const revised = current.state === 'published' && (columns.title !== current.title || columns.body !== current.body);
      if (revised) {
        await tx.query(`INSERT INTO announcement_versions (announcement_id, body_version, title, body, replaced_by) VALUES ($1, $2, $3, $4, $5)`, [
          id,
          current.body_version,
          current.title,
          current.body,
          actor.id,
        ]);
      }
      await writeAnnouncement(tx, id, columns, !revised);
      await auditWorkflow(tx, 'announcement', actor, 'UPDATE', id, { version: input.version + 1, revised });
      // Announcements run on the real clock (as every other announcement event): its day dates the history entry.
      if (revised) await announcementWorkflow.send(tx, id, { type: 'REVISE' }, { actor, today: new Date().toISOString().slice(0, 10) });
    });
    return this.get(db, id, actor);
  },

  async send(db: Database, id: number, event: AnnouncementEvent, version: number, actor: Actor) {
    await db.transaction((tx) => announcementWorkflow.send(tx, id, event, { actor, today: new Date().toISOString().slice(0, 10), version }));
    return this.get(db, id, actor);
  },

  /** Live announcements addressed to `actor` that ask for an acknowledgement of their current version, blocking ones first. */
  async pending(db: Database, actor: Actor) {
    await sendDueWindowEvents(db);
    const rows = await db.query<AnnouncementRow & Record<string, unknown>>(
      `${SELECT_ANNOUNCEMENT} WHERE ${LIVE} AND ${inAudience('$1')} AND a.requires_acknowledgement
         AND NOT EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.body_version = a.body_version AND r.user_id = $1 AND r.acknowledged_at IS NOT NULL)
       ORDER BY a.blocking DESC, array_position(ARRAY['high','medium','normal','low'], a.priority), a.publish_from, a.id`,
      [actor.id],
    );
    const items = await announcementWorkflow.present(db, rows, actor, '');
    return withMyReads(db, actor, items);
  },

  async acknowledge(db: Database, id: number, bodyVersion: number, actor: Actor) {
    await db.transaction(async (tx) => {
      const row = await announcementWorkflow.find(tx, id, true);
      const [addressed] = await tx.query(`SELECT 1 FROM announcements a WHERE a.id = $1 AND ${LIVE} AND ${inAudience('$2')}`, [id, actor.id]);
      if (!addressed) throw new NotFoundError('announcement');
      if (!row.requires_acknowledgement) {
        throw new StateConflictError('announcement.noAcknowledgement', 'This announcement asks for no acknowledgement.', [{ path: 'body', keyword: 'noAcknowledgement' }]);
      }
      if (row.body_version !== bodyVersion) {
        throw new StateConflictError('announcement.newerVersion', 'A newer version replaced the one you read; read it and acknowledge it.', [
          { path: 'body/bodyVersion', keyword: 'stale', params: { currentVersion: row.body_version } },
        ]);
      }
      await tx.query(
        `INSERT INTO announcement_reads (announcement_id, body_version, user_id, acknowledged_at, ip) VALUES ($1, $2, $3, now(), $4)
         ON CONFLICT (announcement_id, body_version, user_id) DO UPDATE SET acknowledged_at = coalesce(announcement_reads.acknowledged_at, now())`,
        [id, bodyVersion, actor.id, actor.ip ?? null],
      );
      await auditWorkflow(tx, 'announcement', actor, 'UPDATE', id, { acknowledged: bodyVersion });
    });
    return this.get(db, id, actor);
  },

  /** Every active user of the audience with their read and acknowledgement of the current version. */
  async report(db: Database, id: number, actor: Actor) {
    const row = await announcementWorkflow.find(db, id);
    const users = await db.query<{ id: number; name: string; email: string; read_at: Date | null; acknowledged_at: Date | null }>(
      `SELECT u.id, u.name, u.email, r.read_at, r.acknowledged_at
         FROM users u CROSS JOIN announcements a
         LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.body_version = a.body_version AND r.user_id = u.id
        WHERE a.id = $1 AND u.active AND ${inAudience('u.id')}
        ORDER BY r.acknowledged_at NULLS FIRST, lower(u.name), u.id`,
      [id],
    );
    await db.transaction((tx) => auditWorkflow(tx, 'announcement', actor, 'VIEW', id, { part: 'report' }));
    return {
      bodyVersion: row.body_version,
      audienceSize: users.length,
      read: users.filter((u) => u.read_at).length,
      acknowledged: users.filter((u) => u.acknowledged_at).length,
      users: users.map((u) => ({ userId: u.id, name: u.name, email: u.email, readAt: iso(u.read_at), acknowledgedAt: iso(u.acknowledged_at) })),
    };
  },
};

/** Publication windows opening and closing on the clock, not only when someone reads the announcements. */
export const announcementWindowJob: TimerJob = { name: 'announcements.window', run: sendDueWindowEvents };
