import { createHash, randomUUID } from 'node:crypto';
import { RECOMMENDATION_LIMITS, type RecommendationsResult } from '@fable/contracts';
import { cachedJson, type Cache } from '../../infra/cache/cache';
import type { Clock } from '../../infra/clock';
import type { Database, Queryable } from '../../infra/db/database';
import { catalogVersion } from '../catalogVersion/catalogVersion';
import { SUMMARY_SELECT, toCharacterSummary, type SummaryRow } from '../discovery/characterSummary';
import type { RecommendOptions, Recommender, RecommenderEvent } from '../discovery/recommender';
import {
  CANDIDATE_LIMITS,
  candidatesByIds,
  cooccurringCharacters,
  loadProfile,
  popularCandidates,
  type CandidateFilter,
} from './candidateQueries';
import { buildTagProfile, favouriteTags, rankCandidates, tagIdf, type Candidate } from './recommendationScoring';
import { interactionWeight } from './interactionWeights';
import { shadowBannedCreatorIds } from '../search/searchCharacters';

const CACHE_SECONDS = RECOMMENDATION_LIMITS.localCacheTimeoutMs / 1000;
/** Outlives every answer cached under it, so an expired generation never brings back an old answer. */
const GENERATION_SECONDS = 24 * 3600;
const generationKey = (subject: string) => `recommender:generation:${subject}`;

/**
 * One statement: the interaction goes to the log and is folded into the subject's preference for the character
 * (bookmark and rating: the latest wins; detail views and cart additions add up).
 */
const RECORD_SQL = `
  with logged as (
    insert into interactions (subject, character_id, kind, weight, recomm_id, created_at)
    values ($1, $2, $3, $4, $5, $6)
  )
  insert into recommender_preferences as p (subject, character_id, bookmark, rating, events, updated_at)
  values (
    $1, $2,
    case when $3::text = 'bookmark' then $4::real else 0 end,
    case when $3::text = 'rating' then $4::real else 0 end,
    case when $3::text in ('detail_view', 'cart_addition') then $4::real else 0 end,
    $6
  )
  on conflict (subject, character_id) do update set
    bookmark = case when $3::text = 'bookmark' then excluded.bookmark else p.bookmark end,
    rating = case when $3::text = 'rating' then excluded.rating else p.rating end,
    events = least(p.events + excluded.events, 100),
    updated_at = greatest(p.updated_at, excluded.updated_at)`;

export interface PostgresRecommenderDeps {
  db: Database;
  cache: Cache;
  clock: Clock;
}

/**
 * The recommender in PostgreSQL (scoring: recommendationScoring.ts; SQL: candidateQueries.ts). Answers are cached
 * per subject and options for the spec's 20 minutes (RECOMMENDATION_LIMITS.localCacheTimeoutMs); a like, a
 * dislike or a block moves the subject to a new cache generation, so its next call computes afresh.
 */
export function createPostgresRecommender({ db, cache, clock }: PostgresRecommenderDeps): Recommender {
  async function record(event: RecommenderEvent, tx: Queryable = db): Promise<void> {
    const recommId = 'recommId' in event ? (event.recommId ?? null) : null;
    await tx.query(RECORD_SQL, [event.subject, event.characterId, event.kind, interactionWeight(event), recommId, clock.now()]);
  }

  async function invalidate(subject: string): Promise<void> {
    await cache.set(generationKey(subject), `${clock.now().getTime().toString(36)}.${randomUUID().slice(0, 8)}`, GENERATION_SECONDS);
  }

  async function compute(subject: string, options: RecommendOptions): Promise<RecommendationsResult> {
    // Shadow-banned creators' chatbots are left out of everyone's recommendations but their own (search does the same).
    const shadowBanned = await shadowBannedCreatorIds(db, cache, options.applicationId, clock.now());
    const excludedCreatorIds: string[] = shadowBanned.filter((id) => id !== options.userId);
    if (options.userId !== null) {
      const { rows } = await db.query<{ creator_user_id: string }>('select creator_user_id from creator_blocks where user_id = $1', [options.userId]);
      excludedCreatorIds.push(options.userId, ...rows.map((r) => r.creator_user_id));
    }
    const filter: CandidateFilter = {
      applicationId: options.applicationId,
      nsfw: options.nsfw,
      excludeTags: options.excludeTags,
      includeTags: options.includeTags,
      excludedCreatorIds,
      userId: options.userId,
    };

    const [pool, profileItems, cooccurrence] = await Promise.all([
      popularCandidates(db, filter, CANDIDATE_LIMITS.popularPool),
      loadProfile(db, subject),
      cooccurringCharacters(db, subject),
    ]);
    const now = clock.now();
    const profile = buildTagProfile(profileItems, options.interests, tagIdf(pool), now);

    const byId = new Map<string, Candidate>(pool.map((c) => [c.id, c]));
    const tags = favouriteTags(profile, CANDIDATE_LIMITS.favouriteTags);
    const missingCo = [...cooccurrence.keys()].filter((id) => !byId.has(id));
    const [tagPool, coCandidates] = await Promise.all([
      tags.length > 0 ? popularCandidates(db, filter, CANDIDATE_LIMITS.tagPool, tags) : Promise.resolve([]),
      candidatesByIds(db, filter, missingCo),
    ]);
    for (const c of [...tagPool, ...coCandidates]) if (!byId.has(c.id)) byId.set(c.id, c);
    for (const [id, score] of cooccurrence) {
      const c = byId.get(id);
      if (c) byId.set(id, { ...c, cooccurrence: score });
    }

    const ranked = rankCandidates([...byId.values()], profile).slice(0, options.count);
    const recommId = randomUUID();
    if (ranked.length === 0) return { hits: [], recommId };
    const { rows } = await db.query<SummaryRow>(`select ${SUMMARY_SELECT} from characters c where c.id = any($1::text[])`, [
      ranked.map((c) => c.id),
    ]);
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const hits = ranked.flatMap((c) => {
      const row = rowById.get(c.id);
      return row ? [toCharacterSummary(row, options.userId, recommId)] : [];
    });
    return { hits, recommId };
  }

  async function recommendItems(subject: string, options: RecommendOptions): Promise<RecommendationsResult> {
    const generation = (await cache.get(generationKey(subject))) ?? '0';
    // And under the catalog's version: a chatbot created, edited or deleted changes the next answer at once.
    const catalog = await catalogVersion(cache, options.applicationId);
    const key = `recommender:answer:${subject}:${generation}:${catalog}:${optionsHash(options)}`;
    return cachedJson(cache, key, CACHE_SECONDS, () => compute(subject, options));
  }

  return { record, recommendItems, invalidate };
}

/** The options as a short stable hash (lists sorted: their order does not change the answer). */
function optionsHash(o: RecommendOptions): string {
  const normal = {
    a: o.applicationId,
    c: o.count,
    s: o.scenario,
    n: o.nsfw,
    x: [...o.excludeTags].sort(),
    i: [...o.includeTags].sort(),
    in: [...o.interests].sort(),
    u: o.userId,
  };
  return createHash('sha256').update(JSON.stringify(normal)).digest('base64url').slice(0, 22);
}
