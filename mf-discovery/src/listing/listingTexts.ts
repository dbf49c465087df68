import type { ERROR_MESSAGES } from '@fable/contracts';

type Catalogue = typeof ERROR_MESSAGES;

/**
 * Texts of the listing screens (document 1 §2, §8), verbatim where quoted there; the others are ours. The
 * catalogue's texts are typed as its literals, not imported at run time (see apiErrors.ts).
 */
export const LISTING_TEXTS = {
  noResults: 'No Results Found',
  noResultsHint: 'Try clearing your filters or use another keyword',
  failedTitle: 'Something went wrong' satisfies Catalogue['search']['failedTitle'],
  failedHint: 'Refresh the page or try again later' satisfies Catalogue['search']['failedHint'],
  tryAgain: 'Try Again' satisfies Catalogue['search']['tryAgain'],
  offline: 'Network Connection Unavailable. Check Your Connection and Try Again.' satisfies Catalogue['general']['offline'],
  /** The result count, abbreviated with k and m (document 1 §2). */
  count: (abbreviated: string, found: number) => `${abbreviated} ${found === 1 ? 'chatbot' : 'chatbots'}`,
  loading: 'Loading chatbots',
  results: 'Chatbots',
  backToTop: 'Back to top',
  pagination: 'Result pages',
} as const;
