import { randomUUID } from 'node:crypto';
import { REPORT_CASES_PAGE_SIZE, reportHandledBy, type Appeal, type ReportCase } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** Reads and writes of the report cases: open reports merged per chatbot, and appeals. */

interface CaseRow {
  character_id: string;
  name: string;
  creator_user_id: string;
  creator_username: string | null;
  visibility: string;
  moderation_status: string | null;
  reports: number;
  guests: number;
  issue_types: Record<string, number>;
  expected_resolutions: Record<string, number>;
  details: string[];
  reporters: Array<{ user_id: string; username: string | null; dismissed: number }> | string;
  oldest_at: Date;
}

const counts = <K extends string>(record: unknown, key: 'type' | 'resolution') =>
  Object.entries((typeof record === 'string' ? JSON.parse(record) : (record ?? {})) as Record<string, number>)
    .map(([name, count]) => ({ [key]: name as K, count: Number(count) }))
    .sort((a, b) => b.count - a.count) as never;

/** The application's open reports, but those of muted reporters. */
const OPEN_REPORTS = `with open_reports as (
    select r.* from character_reports r
    where r.application_id = $1 and r.status = 'open'
      and not exists (select 1 from muted_reporters m where m.user_id = r.reporter_user_id)
  )`;

/** The application's reported chatbots, the longest waiting first. */
export async function listCases(db: Queryable, applicationId: string, page: number, now: Date): Promise<{ items: ReportCase[]; found: number }> {
  const [items, count] = await Promise.all([
    db.query<CaseRow>(
      `${OPEN_REPORTS}
       select c.id as character_id, c.name, c.creator_user_id, c.creator_username, c.visibility, c.moderation_status,
         g.reports, g.guests, g.oldest_at, g.details,
         (select jsonb_object_agg(t.issue_type, t.n) from (select issue_type, count(*) as n from open_reports x
            where x.character_id = g.character_id group by issue_type) t) as issue_types,
         (select jsonb_object_agg(e.expected_resolution, e.n) from (select expected_resolution, count(*) as n from open_reports x
            where x.character_id = g.character_id group by expected_resolution) e) as expected_resolutions,
         coalesce((select jsonb_agg(jsonb_build_object('user_id', u.id, 'username', u.username,
              'dismissed', (select count(*) from character_reports d where d.reporter_user_id = u.id and d.outcome = 'dismissed')) order by u.username)
            from users u where u.id in (select x.reporter_user_id from open_reports x where x.character_id = g.character_id)), '[]'::jsonb) as reporters
       from (
         select r.character_id, count(*)::int as reports, count(*) filter (where r.reporter_kind = 'guest')::int as guests,
           min(r.created_at) as oldest_at, (array_agg(r.details order by r.updated_at desc))[1:5] as details
         from open_reports r group by r.character_id
       ) g join characters c on c.id = g.character_id
       order by g.oldest_at, c.id limit $2 offset $3`,
      [applicationId, REPORT_CASES_PAGE_SIZE, (page - 1) * REPORT_CASES_PAGE_SIZE],
    ),
    db.query<{ found: number }>(`${OPEN_REPORTS} select count(distinct character_id)::int as found from open_reports`, [applicationId]),
  ]);
  return {
    found: count.rows[0]?.found ?? 0,
    items: items.rows.map((r) => {
      const due = reportHandledBy(r.oldest_at);
      const reporters = (typeof r.reporters === 'string' ? JSON.parse(r.reporters) : r.reporters) as Array<{ user_id: string; username: string | null; dismissed: number }>;
      return {
        character: { id: r.character_id, name: r.name, creator_user_id: r.creator_user_id, creator_username: r.creator_username, visibility: r.visibility, moderation_status: r.moderation_status },
        reports: r.reports,
        issue_types: counts(r.issue_types, 'type'),
        expected_resolutions: counts(r.expected_resolutions, 'resolution'),
        details: r.details,
        reporters: reporters.map((x) => ({ ...x, dismissed: Number(x.dismissed) })),
        guests: r.guests,
        oldest_at: r.oldest_at.toISOString(),
        due_at: due.toISOString(),
        overdue: due < now,
      };
    }),
  };
}

/** Mutes or unmutes a member of the application as a reporter; answers whether anything changed. */
export async function setReporterMuted(db: Queryable, applicationId: string, userId: string, muted: boolean, by: string, now: Date): Promise<boolean> {
  const { rowCount } = muted
    ? await db.query('insert into muted_reporters (user_id, application_id, muted_by, created_at) values ($1, $2, $3, $4) on conflict (user_id) do nothing', [userId, applicationId, by, now])
    : await db.query('delete from muted_reporters where user_id = $1 and application_id = $2', [userId, applicationId]);
  return rowCount > 0;
}

/** Closes every open report on the chatbot; answers each closed report's id and its member reporter (null for guests). */
export async function closeCaseReports(
  tx: Queryable,
  characterId: string,
  close: { outcome: 'actioned' | 'dismissed'; note: string | null; closedBy: string; now: Date },
): Promise<Array<{ id: string; reporter_user_id: string | null }>> {
  const { rows } = await tx.query<{ id: string; reporter_user_id: string | null }>(
    `update character_reports set status = 'closed', outcome = $2, note = $3, closed_by = $4, closed_at = $5, updated_at = $5
     where character_id = $1 and status = 'open' returning id, reporter_user_id`,
    [characterId, close.outcome, close.note, close.closedBy, close.now],
  );
  return rows;
}

/** The latest decision of a moderator on a chatbot (its record's line). */
export async function latestDecision(db: Queryable, characterId: string): Promise<{ id: string; action: string; actor_user_id: string; details: Record<string, unknown> } | null> {
  const { rows } = await db.query<{ id: string; action: string; actor_user_id: string; details: Record<string, unknown> }>(
    `select id::text as id, action, actor_user_id, details from character_moderation_events
     where character_id = $1 and actor_role = 'moderator' and action in ('approved', 'fixes_required', 'closed', 'taken_down', 'appeal_upheld', 'appeal_reversed')
     order by id desc limit 1`,
    [characterId],
  );
  return rows[0] ?? null;
}

export async function insertAppeal(
  tx: Queryable,
  a: { applicationId: string; characterId: string; creatorUserId: string; decisionEventId: string; statement: string; now: Date },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into character_appeals (id, application_id, character_id, creator_user_id, decision_event_id, statement, created_at)
     values ($1, $2, $3, $4, $5::bigint, $6, $7) on conflict (decision_event_id) do nothing returning id`,
    [randomUUID(), a.applicationId, a.characterId, a.creatorUserId, a.decisionEventId, a.statement, a.now],
  );
  return rows[0]?.id ?? null;
}

interface AppealRow {
  id: string;
  decision_event_id: string;
  character_id: string;
  name: string;
  creator_username: string | null;
  creator_user_id: string;
  action: string;
  reasons: string[];
  decided_by_username: string | null;
  decision_actor: string;
  decision_at: Date;
  decision_details: Record<string, unknown>;
  statement: string;
  status: Appeal['status'];
  created_at: Date;
  decided_at: Date | null;
  outcome_reason: string | null;
}

const APPEAL_SELECT = `select a.id, a.decision_event_id::text as decision_event_id, a.character_id, c.name, c.creator_username, a.creator_user_id, e.action, e.reason_for_moderation as reasons,
    e.actor_username as decided_by_username, e.actor_user_id as decision_actor, e.created_at as decision_at, e.details as decision_details,
    a.statement, a.status, a.created_at, a.decided_at, a.outcome_reason
  from character_appeals a join characters c on c.id = a.character_id join character_moderation_events e on e.id = a.decision_event_id`;

export type AppealRecord = AppealRow;

export const toAppeal = (r: AppealRow, youMayDecide: boolean): Appeal => ({
  id: r.id,
  character: { id: r.character_id, name: r.name, creator_username: r.creator_username },
  decision: { action: r.action, reasons: r.reasons, decided_by: r.decided_by_username, decided_at: r.decision_at.toISOString() },
  statement: r.statement,
  status: r.status,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
  outcome_reason: r.outcome_reason,
  you_may_decide: youMayDecide,
});

export async function findAppeal(db: Queryable, applicationId: string, appealId: string, lock = false): Promise<AppealRow | null> {
  const { rows } = await db.query<AppealRow>(`${APPEAL_SELECT} where a.id = $1 and a.application_id = $2${lock ? ' for update of a' : ''}`, [appealId, applicationId]);
  return rows[0] ?? null;
}

/** The application's appeals: open ones first (oldest first), then the latest decided. */
export async function listAppeals(db: Queryable, applicationId: string, page: number): Promise<{ rows: AppealRow[]; found: number }> {
  const [items, count] = await Promise.all([
    db.query<AppealRow>(`${APPEAL_SELECT} where a.application_id = $1 order by (a.status = 'open') desc, case when a.status = 'open' then a.created_at end, a.decided_at desc limit $2 offset $3`, [
      applicationId,
      REPORT_CASES_PAGE_SIZE,
      (page - 1) * REPORT_CASES_PAGE_SIZE,
    ]),
    db.query<{ found: number }>('select count(*)::int as found from character_appeals where application_id = $1', [applicationId]),
  ]);
  return { rows: items.rows, found: count.rows[0]?.found ?? 0 };
}

/** Whether the application has an admin other than `userId` (then an appeal goes to another admin). */
export async function hasAnotherAdmin(db: Queryable, applicationId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from users where application_id = $1 and id <> $2 and deleted_at is null and roles @> '["employee"]'::jsonb limit 1`,
    [applicationId, userId],
  );
  return rowCount > 0;
}
