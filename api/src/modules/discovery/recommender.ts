import type { ChatbotRating, INTERESTS, RecommendationsResult } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';

/** An interest picker value (document 1 §2: Female, Male, Non-Binary). */
export type Interest = (typeof INTERESTS)[number];

/**
 * The recommender (document 1 §7 "Recommender"): it is told what subjects do with characters (detail view, cart
 * addition, bookmark, rating) and recommends characters to a subject. The spec's is a hosted service; ours runs
 * in PostgreSQL (modules/recommender/postgresRecommender.ts) behind this interface, so a hosted one can take its place.
 */
export interface Recommender {
  /**
   * Records an interaction. Pass the transaction of the write it belongs to (a like, a rating) so that both are
   * committed or neither is.
   */
  record(event: RecommenderEvent, tx?: Queryable): Promise<void>;
  /** Up to `count` characters for the subject, best first, each carrying the answer's recommId. */
  recommendItems(subject: string, options: RecommendOptions): Promise<RecommendationsResult>;
  /** Forgets the subject's cached recommendations (after a like, a dislike, a block). */
  invalidate(subject: string): Promise<void>;
}

/** What a subject (a member's id, or 'guest:<guest id>') did with a character. */
export type RecommenderEvent =
  | { kind: 'detail_view'; subject: string; characterId: string; recommId?: string }
  /** Three user messages in a public chat are an addition of amount 3 (document 1 §4). */
  | { kind: 'cart_addition'; subject: string; characterId: string; amount: number; recommId?: string }
  /** A like (favourite) or, with favorite false, its removal. */
  | { kind: 'bookmark'; subject: string; characterId: string; favorite: boolean }
  | { kind: 'rating'; subject: string; characterId: string; rating: ChatbotRating };

export type InteractionKind = RecommenderEvent['kind'];

export interface RecommendOptions {
  applicationId: string;
  count: number;
  scenario: string;
  /** Whether NSFW characters may be recommended (members whose settings.showNSFW is on and who asked nsfw=1). */
  nsfw: boolean;
  excludeTags: readonly string[];
  /** Keep only characters carrying at least one of these (the user's selected tags); empty keeps all. */
  includeTags: readonly string[];
  /** The interest picker's choices (cold start). */
  interests: readonly Interest[];
  /** The member asking (their favourites, ratings, blocked creators and own characters are left out); null for guests. */
  userId: string | null;
}
