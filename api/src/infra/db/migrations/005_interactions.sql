-- What members do with characters (document 1 §4 "Favourite/Like", §6, §7 "Recommender"): favourites, chatbot
-- ratings, blocked creators, and the recommender's interaction log. User ids are the users table's uuids; a
-- deleted account's rows go with it. Character rows go with their character.

-- Favourite (liked) bots; at most CHARACTER_FAVORITE_LIMIT per user (checked by the API in the same transaction).
create table character_favorites (
  user_id uuid not null references users (id) on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  created_at timestamptz not null,
  primary key (user_id, character_id)
);
create index character_favorites_by_user_created on character_favorites (user_id, created_at desc);
create index character_favorites_by_character on character_favorites (character_id);

-- A member's chatbot rating: dislike 1, like 3, love 5 (document 1 §3). One per user and character; the latest wins.
create table character_ratings (
  user_id uuid not null references users (id) on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  rating smallint not null check (rating in (1, 3, 5)),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (user_id, character_id)
);
create index character_ratings_by_character on character_ratings (character_id);

-- Blocked creators (document 1 §6): their characters leave the blocker's listings and chats.
create table creator_blocks (
  user_id uuid not null references users (id) on delete cascade,
  creator_user_id text not null,
  created_at timestamptz not null,
  primary key (user_id, creator_user_id),
  constraint creator_blocks_not_self check (creator_user_id <> user_id::text)
);

-- The recommender's interaction log (document 1 §7): detail views, cart additions, bookmarks (likes) and ratings.
-- subject is a member's id or a guest id ('guest:<id>'); weight is the recommender's value for the interaction.
create table interactions (
  id bigint generated always as identity primary key,
  subject text not null,
  character_id text not null references characters (id) on delete cascade,
  kind text not null check (kind in ('detail_view', 'cart_addition', 'bookmark', 'rating')),
  weight real not null,
  recomm_id text,
  created_at timestamptz not null
);
create index interactions_by_subject_created on interactions (subject, created_at desc);
create index interactions_by_character on interactions (character_id);
