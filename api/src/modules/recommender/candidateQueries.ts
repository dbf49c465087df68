import type { Queryable, SqlParam } from '../../infra/db/database';
import type { Candidate, ProfileItem } from './recommendationScoring';

/**
 * The recommender's SQL: the subject's profile, and candidate generation from bounded, indexed top-N sets (never
 * a scan of the catalog):
 * - the popular pool: the application's most popular public characters, read in the order of the index
 *   characters_recommender_popularity (migration 007), filters applied on the way;
 * - the tag pool: the same walk restricted to the subject's favourite tags, reaching past the popular pool (for
 *   rare tags, and include_tags, the planner reads the GIN index characters_recommender_tags instead);
 * - co-occurrence: the subject's strongest recent likes (seeds) → the latest subjects who liked each seed →
 *   what those subjects liked last (three LIMITed index reads, recommender_preferences).
 */

/** Popularity, as in the index characters_recommender_popularity: keep the two identical. */
export const POPULARITY_SQL = (alias: string) =>
  `(ln(1 + ${alias}.num_messages::float8) + ln(1 + ${alias}.num_messages_24h::float8) + 2 * ln(1 + ${alias}.num_favorites::float8))`;

export const CANDIDATE_LIMITS = {
  /** The popular pool. */
  popularPool: 1000,
  /** The tag pool (favourite tags together). */
  tagPool: 300,
  favouriteTags: 3,
  /** The subject's profile: its latest interactions. */
  profileItems: 300,
  cooccurrenceSeeds: 20,
  neighboursPerSeed: 50,
  itemsPerNeighbour: 30,
  cooccurrenceItems: 200,
} as const;

/** What every recommended character must pass (document 1 §7: application, public, NSFW, excluded tags…). */
export interface CandidateFilter {
  applicationId: string;
  nsfw: boolean;
  excludeTags: readonly string[];
  includeTags: readonly string[];
  /** Blocked creators and the member itself. */
  excludedCreatorIds: readonly string[];
  /** The member: their favourites and rated characters are left out. Null for guests. */
  userId: string | null;
}

/** Appends a parameter and answers its placeholder. */
const bind = (params: SqlParam[], value: SqlParam) => {
  params.push(value);
  return `$${params.length}`;
};

function filterSql(f: CandidateFilter, params: SqlParam[]): string {
  const where = [`c.application_id = ${bind(params, f.applicationId)}`, `c.visibility = 'public'`];
  if (!f.nsfw) where.push('not c.is_nsfw');
  // Greyed cards (manual review) and characters sent back to their creator are not recommended.
  where.push('not c.aicq_manual_review_required');
  where.push(`(c.moderation_status is null or c.moderation_status not in ('fix_required', 'manual_review_required'))`);
  if (f.excludeTags.length > 0) where.push(`not (c.tags && ${bind(params, [...f.excludeTags])}::text[])`);
  if (f.includeTags.length > 0) where.push(`c.tags && ${bind(params, [...f.includeTags])}::text[]`);
  if (f.excludedCreatorIds.length > 0) where.push(`c.creator_user_id <> all(${bind(params, [...f.excludedCreatorIds])}::text[])`);
  if (f.userId !== null) {
    const user = bind(params, f.userId);
    where.push(`not exists (select 1 from character_favorites f where f.user_id = ${user}::uuid and f.character_id = c.id)`);
    where.push(`not exists (select 1 from character_ratings r where r.user_id = ${user}::uuid and r.character_id = c.id)`);
  }
  return where.join(' and ');
}

interface CandidateRow {
  id: string;
  tags: string[];
  popularity: number;
}

const toCandidate = (r: CandidateRow, cooccurrence = 0): Candidate => ({
  id: r.id,
  tags: r.tags,
  popularity: Number(r.popularity),
  cooccurrence,
});

/** The most popular characters passing the filter (and carrying one of `tags` when given). */
export async function popularCandidates(db: Queryable, f: CandidateFilter, limit: number, tags: readonly string[] = []): Promise<Candidate[]> {
  const params: SqlParam[] = [];
  let where = filterSql(f, params);
  if (tags.length > 0) where += ` and c.tags && ${bind(params, [...tags])}::text[]`;
  const { rows } = await db.query<CandidateRow>(
    `select c.id, c.tags, ${POPULARITY_SQL('c')} as popularity
     from characters c where ${where}
     order by ${POPULARITY_SQL('c')} desc
     limit ${bind(params, limit)}`,
    params,
  );
  return rows.map((r) => toCandidate(r));
}

/** The given characters, those passing the filter. */
export async function candidatesByIds(db: Queryable, f: CandidateFilter, ids: readonly string[]): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const params: SqlParam[] = [];
  const where = filterSql(f, params);
  const { rows } = await db.query<CandidateRow>(
    `select c.id, c.tags, ${POPULARITY_SQL('c')} as popularity
     from characters c where ${where} and c.id = any(${bind(params, [...ids])}::text[])`,
    params,
  );
  return rows.map((r) => toCandidate(r));
}

/** The subject's latest interactions, one row per character, with the character's tags. */
export async function loadProfile(db: Queryable, subject: string, limit: number = CANDIDATE_LIMITS.profileItems): Promise<ProfileItem[]> {
  const { rows } = await db.query<{ character_id: string; preference: number; updated_at: Date; tags: string[] }>(
    `select p.character_id, p.preference, p.updated_at, c.tags
     from recommender_preferences p join characters c on c.id = p.character_id
     where p.subject = $1
     order by p.updated_at desc
     limit $2`,
    [subject, limit],
  );
  return rows.map((r) => ({
    characterId: r.character_id,
    preference: Number(r.preference),
    updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
    tags: r.tags,
  }));
}

/**
 * Item-to-item co-occurrence: for the subject's strongest recent likes (seeds), the latest other subjects who liked
 * them, and what those liked. score(j) = Σ over (seed s, neighbour u who liked s and j) of
 * preference(subject, s) × preference(u, j) / √(likers of s read), divided by √(1 + favourites of j) so that what
 * everyone likes does not win by being everywhere (a lift, not a count).
 */
export async function cooccurringCharacters(db: Queryable, subject: string, L = CANDIDATE_LIMITS): Promise<Map<string, number>> {
  const { rows } = await db.query<{ character_id: string; score: number }>(
    `with recent as (
       select p.character_id, p.preference
       from recommender_preferences p
       where p.subject = $1
       order by p.updated_at desc
       limit $2
     ),
     seeds as (
       select character_id, preference from recent where preference > 0 order by preference desc limit $3
     ),
     neighbours as (
       select s.character_id as seed, s.preference as seed_preference, n.subject,
              count(*) over (partition by s.character_id) as fanout
       from seeds s
       cross join lateral (
         select q.subject from recommender_preferences q
         where q.character_id = s.character_id and q.preference > 0 and q.subject <> $1
         order by q.updated_at desc
         limit $4
       ) n
     ),
     co as (
       select o.character_id, sum(nb.seed_preference * o.preference / sqrt(nb.fanout)) as score
       from neighbours nb
       cross join lateral (
         select r.character_id, r.preference from recommender_preferences r
         where r.subject = nb.subject and r.preference > 0
         order by r.updated_at desc
         limit $5
       ) o
       where o.character_id not in (select character_id from seeds)
       group by o.character_id
     ),
     -- The strongest raw scores only are normalised (one characters row each), not every item reached.
     strongest as (select character_id, score from co order by score desc limit $7)
     select s.character_id, s.score / sqrt(1 + c.num_favorites::float8) as score
     from strongest s join characters c on c.id = s.character_id
     order by 2 desc
     limit $6`,
    [subject, L.profileItems, L.cooccurrenceSeeds, L.neighboursPerSeed, L.itemsPerNeighbour, L.cooccurrenceItems, L.cooccurrenceItems * 3],
  );
  return new Map(rows.map((r) => [r.character_id, Number(r.score)]));
}
