import { randomUUID } from 'node:crypto';
import {
  type BannerDraftSchema,
  BannerSchema,
  type AdminBanner,
  type BannerTargeting,
  type ServedBanner,
  type Tier,
} from '@fable/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../infra/db/database';

/** Banners as stored (migration 036): the spec's fields as content, the schedule and the targeting as columns. */

type Draft = z.output<typeof BannerDraftSchema>;

interface BannerRow {
  id: string;
  content: unknown;
  starts_at: Date;
  ends_at: Date | null;
  applications: string[];
  tiers: Tier[];
  signed_in: BannerTargeting['signed_in'];
  screens: string[];
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  views: string;
  closes: string;
  clicks: string;
}

/** A banner running or to come, with what decides who sees it and when (plain JSON: it is cached). */
export interface ScheduledBanner {
  banner: ServedBanner;
  targeting: BannerTargeting;
  starts_at: string;
  ends_at: string | null;
}

const targetingOf = (r: Pick<BannerRow, 'applications' | 'tiers' | 'signed_in' | 'screens'>): BannerTargeting => ({
  applications: r.applications,
  tiers: r.tiers,
  signed_in: r.signed_in,
  screens: r.screens,
});

const statusAt = (r: Pick<BannerRow, 'starts_at' | 'ends_at'>, now: Date): AdminBanner['status'] =>
  r.ends_at !== null && r.ends_at <= now ? 'ended' : r.starts_at > now ? 'scheduled' : 'live';

const toAdminBanner = (r: BannerRow, now: Date): AdminBanner => ({
  id: r.id,
  banner: BannerSchema.parse(r.content),
  starts_at: r.starts_at.toISOString(),
  ends_at: r.ends_at?.toISOString() ?? null,
  targeting: targetingOf(r),
  status: statusAt(r, now),
  created_by: r.created_by_name,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  stats: { views: Number(r.views), closes: Number(r.closes), clicks: Number(r.clicks) },
});

const ADMIN_SELECT = `
  select b.id, b.content, b.starts_at, b.ends_at, b.applications, b.tiers, b.signed_in, b.screens, b.created_at, b.updated_at,
         u.username as created_by_name,
         (select count(*) from banner_events e where e.banner_id = b.id and e.kind = 'view') as views,
         (select count(*) from banner_events e where e.banner_id = b.id and e.kind = 'close') as closes,
         (select count(*) from banner_events e where e.banner_id = b.id and e.kind = 'cta') as clicks
    from banners b left join users u on u.id = b.created_by`;

/** Every banner, those still to come or running first (by start), then the ended ones, latest first. */
export async function listBanners(db: Queryable, now: Date): Promise<AdminBanner[]> {
  const { rows } = await db.query<BannerRow>(
    `${ADMIN_SELECT}
     order by (b.ends_at is not null and b.ends_at <= $1), case when b.ends_at is not null and b.ends_at <= $1 then b.ends_at end desc, b.starts_at, b.seq
     limit 200`,
    [now],
  );
  return rows.map((r) => toAdminBanner(r, now));
}

export async function findBanner(db: Queryable, id: string, now: Date): Promise<AdminBanner | null> {
  const { rows } = await db.query<BannerRow>(`${ADMIN_SELECT} where b.id = $1`, [id]);
  return rows[0] ? toAdminBanner(rows[0], now) : null;
}

const draftParams = (d: Draft) => [
  d.banner.name,
  d.banner.placement,
  JSON.stringify(d.banner),
  new Date(d.starts_at),
  d.ends_at === null ? null : new Date(d.ends_at),
  d.targeting.applications,
  d.targeting.tiers,
  d.targeting.signed_in,
  d.targeting.screens,
];

export async function insertBanner(db: Queryable, d: Draft, adminId: string, now: Date): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into banners (name, placement, content, starts_at, ends_at, applications, tiers, signed_in, screens, id, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [...draftParams(d), id, adminId, now],
  );
  return id;
}

/**
 * Replaces a banner that has not ended and has not changed since `seen` (its updated_at as the admin read it); false
 * when there is none such (unknown, ended or changed: the caller tells which).
 */
export async function updateBanner(db: Queryable, id: string, d: Draft, seen: Date, now: Date): Promise<boolean> {
  // updated_at is compared to the millisecond the admin was shown (PostgreSQL keeps microseconds).
  const { rowCount } = await db.query(
    `update banners set name = $1, placement = $2, content = $3, starts_at = $4, ends_at = $5, applications = $6, tiers = $7,
            signed_in = $8, screens = $9, updated_at = greatest($11, updated_at + interval '1 millisecond')
      where id = $10 and (ends_at is null or ends_at > $11) and date_trunc('milliseconds', updated_at) = $12`,
    [...draftParams(d), id, now, seen],
  );
  return rowCount > 0;
}

/** Whether a banner exists, and whether it has ended. */
export async function bannerState(db: Queryable, id: string, now: Date): Promise<'missing' | 'ended' | 'open'> {
  const { rows } = await db.query<{ ended: boolean }>('select (ends_at is not null and ends_at <= $2) as ended from banners where id = $1', [id, now]);
  return !rows[0] ? 'missing' : rows[0].ended ? 'ended' : 'open';
}

/** The application ids among `ids` that do not exist. */
export async function unknownApplications(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ application_id: string }>('select application_id from app_settings where application_id = any($1::text[])', [ids]);
  const known = new Set(rows.map((r) => r.application_id));
  return ids.filter((id) => !known.has(id));
}

/** Ends a running or scheduled banner now; false when it had already ended or does not exist. */
export async function endBanner(db: Queryable, id: string, now: Date): Promise<boolean> {
  // A scheduled one ends before it starts: its start moves to just before now, so that it ends after it starts.
  const { rowCount } = await db.query(
    `update banners set starts_at = least(starts_at, $2 - interval '1 millisecond'), ends_at = $2, updated_at = greatest($2, updated_at + interval '1 millisecond')
      where id = $1 and (ends_at is null or ends_at > $2)`,
    [id, now],
  );
  return rowCount > 0;
}

/** The banners that run at `now` or will (every application's; the caller filters), in the order they were made. */
export async function scheduledBanners(db: Queryable, now: Date): Promise<ScheduledBanner[]> {
  const { rows } = await db.query<Pick<BannerRow, 'id' | 'content' | 'starts_at' | 'ends_at' | 'applications' | 'tiers' | 'signed_in' | 'screens'>>(
    `select id, content, starts_at, ends_at, applications, tiers, signed_in, screens from banners
      where ends_at is null or ends_at > $1
      order by seq
      limit 500`,
    [now],
  );
  // A row the schema no longer reads is left out (and said), not a failure of every screen.
  return rows.flatMap((r) => {
    const banner = BannerSchema.safeParse(r.content);
    if (!banner.success) {
      console.error(`[banners] banner ${r.id} is unreadable and not shown: ${banner.error.message}`);
      return [];
    }
    return [{ banner: { ...banner.data, id: r.id }, targeting: targetingOf(r), starts_at: r.starts_at.toISOString(), ends_at: r.ends_at?.toISOString() ?? null }];
  });
}

/** Counts a view, close or click once per viewer and day; false when it was already counted (or the banner is gone). */
export async function recordBannerEvent(
  db: Queryable,
  e: { bannerId: string; kind: 'view' | 'close' | 'cta'; viewer: string; screen: string; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into banner_events (banner_id, kind, viewer, day, screen, created_at)
     select id, $2, $3, ($5::timestamptz at time zone 'UTC')::date, $4, $5 from banners where id = $1 and (ends_at is null or ends_at > $5)
     on conflict do nothing`,
    [e.bannerId, e.kind, e.viewer, e.screen, e.now],
  );
  return rowCount > 0;
}
