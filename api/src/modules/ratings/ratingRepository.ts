import { CHATBOT_RATING_VALUES, type ChatbotRating } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/**
 * characters.rating_score (0 to 1, shown as a percent) is the mean of the chatbot ratings mapped onto 0..1:
 * dislike (1) → 0, like (3) → 0.5, love (5) → 1, i.e. (rating − 1) / 4. rating_count is the number of ratings.
 * Both are kept by increments in the rating's transaction (the seeded catalog has aggregates without rating rows),
 * as one UPDATE each, so concurrent ratings of one character add up (the row lock orders them).
 */
export const ratingValue = (rating: ChatbotRating) => (rating - CHATBOT_RATING_VALUES.dislike) / (CHATBOT_RATING_VALUES.love - CHATBOT_RATING_VALUES.dislike);

export async function findRating(db: Queryable, userId: string, characterId: string): Promise<ChatbotRating | null> {
  const { rows } = await db.query<{ rating: number }>('select rating from character_ratings where user_id = $1 and character_id = $2', [
    userId,
    characterId,
  ]);
  return (rows[0]?.rating ?? null) as ChatbotRating | null;
}

/**
 * Stores the member's rating (one per member and character, the latest wins) and moves the character's aggregate:
 * a first rating adds one to the mean, a changed one replaces its old value. Answers the new rating_score.
 */
export async function saveRating(
  db: Queryable,
  userId: string,
  characterId: string,
  rating: ChatbotRating,
  previous: ChatbotRating | null,
  now: Date,
): Promise<number | null> {
  await db.query(
    `insert into character_ratings (user_id, character_id, rating, created_at, updated_at) values ($1, $2, $3, $4, $4)
     on conflict (user_id, character_id) do update set rating = excluded.rating, updated_at = excluded.updated_at`,
    [userId, characterId, rating, now],
  );
  const value = ratingValue(rating);
  const { rows } =
    previous === null
      ? await db.query<{ rating_score: number | null }>(
          `update characters set
             rating_score = least(1, greatest(0, (coalesce(rating_score, 0) * rating_count + $2::float8) / (rating_count + 1))),
             rating_count = rating_count + 1
           where id = $1 returning rating_score`,
          [characterId, value],
        )
      : await db.query<{ rating_score: number | null }>(
          `update characters set
             rating_score = case
               when rating_count > 0 then least(1, greatest(0, (coalesce(rating_score, $3::float8) * rating_count - $3::float8 + $2::float8) / rating_count))
               else $2::float8 end,
             rating_count = greatest(rating_count, 1)
           where id = $1 returning rating_score`,
          [characterId, value, ratingValue(previous)],
        );
  const score = rows[0]?.rating_score;
  return score === null || score === undefined ? null : Number(score);
}

export async function ratingScore(db: Queryable, characterId: string): Promise<number | null> {
  const { rows } = await db.query<{ rating_score: number | null }>('select rating_score from characters where id = $1', [characterId]);
  const score = rows[0]?.rating_score;
  return score === null || score === undefined ? null : Number(score);
}
