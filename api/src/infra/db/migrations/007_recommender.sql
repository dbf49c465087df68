-- The recommender's learned state (document 1 §7 "Recommender"), kept beside its interaction log (migration 005).
--
-- recommender_preferences folds the log into one row per subject (a member's id or 'guest:<id>') and character:
-- bookmark and rating are states (the latest wins: an unlike sets bookmark back to 0, a new rating replaces the
-- old one), detail views and cart additions add up in events (counted up to 1 in preference). It is written in
-- the same statement as each interaction, so it never disagrees with the log.
create table recommender_preferences (
  subject text not null,
  character_id text not null references characters (id) on delete cascade,
  bookmark real not null default 0,
  rating real not null default 0,
  events real not null default 0,
  preference real generated always as (bookmark + rating + least(events, 1)) stored,
  updated_at timestamptz not null,
  primary key (subject, character_id)
);
-- A subject's profile, most recent first.
create index recommender_preferences_by_subject on recommender_preferences (subject, updated_at desc);
-- Who liked a character, most recent first (item-to-item co-occurrence); only positive rows.
create index recommender_preferences_liked_by_character on recommender_preferences (character_id, updated_at desc)
  where preference > 0;

-- Whatever the log already holds (empty on a fresh database).
insert into recommender_preferences (subject, character_id, bookmark, rating, events, updated_at)
select
  subject,
  character_id,
  coalesce((array_agg(weight order by created_at desc) filter (where kind = 'bookmark'))[1], 0),
  coalesce((array_agg(weight order by created_at desc) filter (where kind = 'rating'))[1], 0),
  coalesce(sum(weight) filter (where kind in ('detail_view', 'cart_addition')), 0),
  max(created_at)
from interactions
group by subject, character_id;

-- Candidate generation: the most popular public characters of an application, read in index order (never a
-- scan and sort of the catalog). The expression is POPULARITY_SQL in modules/recommender/candidateQueries.ts;
-- both must stay identical for the planner to use this index.
create index characters_recommender_popularity on characters (
  application_id,
  (ln(1 + num_messages::float8) + ln(1 + num_messages_24h::float8) + 2 * ln(1 + num_favorites::float8)) desc
) where visibility = 'public';

-- Tag-filtered candidates (include_tags, the subject's favourite tags): for a rare tag the planner reads the few
-- characters carrying it here and sorts them, instead of walking the popularity index past thousands of others
-- (measured on 300,000 characters: a tag nobody carries, 188 ms → 1 ms; 2.6 MB).
create index characters_recommender_tags on characters using gin (tags) where visibility = 'public';
