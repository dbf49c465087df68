-- Character search (document 1 §2 "Listing (home) screen", §7 "Search service"): the search module's own index of
-- the listable characters, kept in step with `characters` by triggers, with full-text, trigram, tag and language
-- indexes and one covering index per listing sort; and the facet bitmaps that give exact counts and facets without
-- scanning the catalog. Design and figures: api/src/modules/search/README.md.

create extension if not exists pg_trgm;

-- What a listing may ever show: public characters only (never unlisted, private or permanently private), minus
-- those moderation withdrew: fix_required is "rejected, or unpublished after reports", and a character needing
-- manual review (manual_review_required, aicq_manual_review_required) has an unclickable card and its chat
-- redirects away (document 1 §4 "Moderation", §2 "Chat screen"). Pending and re-review characters stay listed:
-- the spec locks their editing, not their visibility.
-- SQL-standard bodies (begin atomic): PostgreSQL records what they use, so a later migration cannot drop or
-- retype a characters column the search depends on without saying so.
create function search_listable(c characters) returns boolean
language sql immutable parallel safe
begin atomic
  select c.visibility = 'public'
    and not c.aicq_manual_review_required
    and coalesce(c.moderation_status not in ('fix_required', 'manual_review_required'), true);
end;

-- Translated names and titles as lexemes tagged with their language: {"es": "Dragón rojo"} in name_i18n gives
-- 'es:dragón' and 'es:rojo'; title_i18n gives 'es.…'. One index then serves a search in any chat language without
-- matching the others, and tells name matches from title matches.
create function search_i18n_tsvector(name_i18n jsonb, title_i18n jsonb) returns tsvector
language sql immutable parallel safe
begin atomic
  select coalesce(array_to_tsvector(array_agg(distinct t.key || t.sep || lexeme)), ''::tsvector)
  from (
    select key, value, ':' as sep from jsonb_each_text(coalesce(name_i18n, '{}'::jsonb))
    union all
    select key, value, '.' as sep from jsonb_each_text(coalesce(title_i18n, '{}'::jsonb))
  ) t,
  unnest(tsvector_to_array(to_tsvector('simple'::regconfig, t.value))) lexeme;
end;

-- One row per listable character: only what search filters, sorts, ranks and counts on (hits are read from
-- `characters` by id). Narrow rows keep the text and facet scans in memory, which the wide characters rows
-- (definitions of several KB) do not.
create table search_documents (
  id text primary key,
  application_id text not null,
  is_nsfw boolean not null,
  creator_user_id text not null,
  creator_username text not null,
  name text not null,
  tags text[] not null,
  -- The character's language and every language it is translated into: the language filter.
  languages text[] not null,
  -- The translated_languages facet.
  translated_languages text[] not null,
  num_messages bigint not null,
  num_messages_24h integer not null,
  rating_score real,
  created_at timestamptz not null,
  -- Name (weight A) and title (B) with the 'simple' configuration: no stemming and no stop words, so names and
  -- titles in every language match as written.
  search_tsv tsvector not null,
  search_i18n_tsv tsvector not null
);

-- The document of a character: one row when it is listable, none otherwise.
create function search_document(c characters) returns setof search_documents
language sql immutable parallel safe rows 1
begin atomic
  select c.id, c.application_id, c.is_nsfw, c.creator_user_id, c.creator_username, c.name, c.tags,
    array_prepend(c.language, c.translated_languages), c.translated_languages,
    c.num_messages, c.num_messages_24h, c.rating_score, c.created_at,
    setweight(to_tsvector('simple'::regconfig, c.name), 'A') || setweight(to_tsvector('simple'::regconfig, c.title), 'B'),
    search_i18n_tsvector(c.name_i18n, c.title_i18n)
  where search_listable(c);
end;

-- Statement-level triggers with transition tables: a 2,000-row insert of the seed costs one set-based insert here,
-- not 2,000 trigger calls. Character ids never change.
create function search_documents_after_insert() returns trigger
language plpgsql
as $$
begin
  insert into search_documents
  select d.* from new_rows n cross join lateral search_document(n) d
  on conflict (id) do nothing;
  return null;
end
$$;

create function search_documents_after_update() returns trigger
language plpgsql
as $$
begin
  delete from search_documents s using new_rows n where s.id = n.id and not search_listable(n);
  insert into search_documents as s
  select d.* from new_rows n cross join lateral search_document(n) d
  on conflict (id) do update set
    application_id = excluded.application_id, is_nsfw = excluded.is_nsfw, creator_user_id = excluded.creator_user_id,
    creator_username = excluded.creator_username, name = excluded.name, tags = excluded.tags,
    languages = excluded.languages, translated_languages = excluded.translated_languages,
    num_messages = excluded.num_messages, num_messages_24h = excluded.num_messages_24h,
    rating_score = excluded.rating_score, created_at = excluded.created_at, search_tsv = excluded.search_tsv,
    search_i18n_tsv = excluded.search_i18n_tsv
  -- An edit of the definition (persona, greeting…) leaves the document as it was: nothing is written.
  where (s.*) is distinct from (excluded.*);
  return null;
end
$$;

create function search_documents_after_delete() returns trigger
language plpgsql
as $$
begin
  delete from search_documents s using old_rows o where s.id = o.id;
  return null;
end
$$;

create function search_documents_after_truncate() returns trigger
language plpgsql
as $$
begin
  truncate search_documents;
  delete from search_facet_snapshots;
  return null;
end
$$;

-- Facet bitmaps: a snapshot, per application, of its search documents numbered 0..n-1, with one bitmap per facet
-- value (bit i set when document i has it). The count and the facets of any tag, language and NSFW filter are then
-- bit_count() of a few ANDs, whatever the size of the matching set. The search module rebuilds a snapshot when it
-- is older than its refresh interval (counts may lag changes by that much; hits never do).
create table search_facet_snapshots (
  application_id text primary key,
  built_at timestamptz not null,
  row_count integer not null check (row_count >= 0)
);

create table search_facet_bitmaps (
  application_id text not null references search_facet_snapshots (application_id) on delete cascade,
  -- all: every document; nsfw; tag; lang (the language filter: languages); translated (the facet).
  dimension text not null check (dimension in ('all', 'nsfw', 'tag', 'lang', 'translated')),
  value text not null,
  bits bit varying not null,
  primary key (application_id, dimension, value)
);
-- Read whole by every count: stored uncompressed, so no decompression per query.
alter table search_facet_bitmaps alter column bits set storage external;

create trigger search_documents_insert after insert on characters
  referencing new table as new_rows for each statement execute function search_documents_after_insert();
create trigger search_documents_update after update on characters
  referencing new table as new_rows for each statement execute function search_documents_after_update();
create trigger search_documents_delete after delete on characters
  referencing old table as old_rows for each statement execute function search_documents_after_delete();
create trigger search_documents_truncate after truncate on characters
  for each statement execute function search_documents_after_truncate();

insert into search_documents select d.* from characters c cross join lateral search_document(c) d;

-- Text: full-text (name, title), translated names and titles, trigrams of the name (partial "…aphin…" and fuzzy
-- matches).
create index search_documents_tsv_idx on search_documents using gin (search_tsv);
create index search_documents_i18n_tsv_idx on search_documents using gin (search_i18n_tsv);
create index search_documents_name_trgm_idx on search_documents using gin (name gin_trgm_ops);
-- Rare tags and languages: a bitmap of the few matches beats walking a sort index to find them.
create index search_documents_tags_idx on search_documents using gin (tags);
create index search_documents_languages_idx on search_documents using gin (languages);

-- The five sorts (trending, top rated, popular, latest, name) per application, ties broken by id. is_nsfw is included
-- so that safe-mode listings and deep pages (OFFSET) are read from the index alone. (Including tags, languages and
-- creator ids too made the indexes 2.7 times larger and deep pages slower; the narrow documents are cheap to visit.)
create index search_documents_trending_idx on search_documents (application_id, num_messages_24h desc, id) include (is_nsfw);
create index search_documents_top_rated_idx on search_documents (application_id, rating_score desc nulls last, id) include (is_nsfw);
create index search_documents_popular_idx on search_documents (application_id, num_messages desc, id) include (is_nsfw);
create index search_documents_latest_idx on search_documents (application_id, created_at desc, id) include (is_nsfw);
create index search_documents_name_idx on search_documents (application_id, name, id) include (is_nsfw);

-- Creator page (exact username) and "@prefix" searches (LIKE 'prefix%' whatever the database collation); blocked
-- creators' documents.
create index search_documents_creator_username_idx on search_documents (application_id, creator_username text_pattern_ops);
create index search_documents_creator_user_idx on search_documents (creator_user_id);
