import { CHATBOT_RATING_VALUES, RECOMMENDER_RATING_WEIGHTS, type ChatbotRating } from '@fable/contracts';
import type { RecommenderEvent } from '../discovery/recommender';

/**
 * The weight of each interaction in the log (interactions.weight). Ratings use the spec's recommender weights
 * (document 1 §3: like 0.5, dislike -1, love 1); the others are ours: a bookmark counts like a love, a detail view
 * a tenth, a cart addition a tenth per unit of amount.
 */
export const INTERACTION_WEIGHTS = {
  detail_view: 0.1,
  cart_addition_per_unit: 0.1,
  bookmark: 1,
} as const;

const RATING_WEIGHT: Record<ChatbotRating, number> = {
  [CHATBOT_RATING_VALUES.dislike]: RECOMMENDER_RATING_WEIGHTS.dislike,
  [CHATBOT_RATING_VALUES.like]: RECOMMENDER_RATING_WEIGHTS.like,
  [CHATBOT_RATING_VALUES.love]: RECOMMENDER_RATING_WEIGHTS.love,
};

export function interactionWeight(event: RecommenderEvent): number {
  switch (event.kind) {
    case 'detail_view':
      return INTERACTION_WEIGHTS.detail_view;
    case 'cart_addition':
      return INTERACTION_WEIGHTS.cart_addition_per_unit * Math.max(1, event.amount);
    case 'bookmark':
      return event.favorite ? INTERACTION_WEIGHTS.bookmark : 0;
    case 'rating':
      return RATING_WEIGHT[event.rating];
  }
}
