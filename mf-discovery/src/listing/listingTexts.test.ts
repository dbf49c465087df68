import { ERROR_MESSAGES } from '@fable/contracts';
import { CARD_TEXTS } from '../cards/cardTexts';
import { LISTING_TEXTS } from './listingTexts';

it('uses the catalogue texts verbatim (document 1 §8)', () => {
  expect(LISTING_TEXTS.failedTitle).toBe(ERROR_MESSAGES.search.failedTitle);
  expect(LISTING_TEXTS.failedHint).toBe(ERROR_MESSAGES.search.failedHint);
  expect(LISTING_TEXTS.tryAgain).toBe(ERROR_MESSAGES.search.tryAgain);
  expect(LISTING_TEXTS.offline).toBe(ERROR_MESSAGES.general.offline);
  expect(CARD_TEXTS.copied).toBe(ERROR_MESSAGES.general.copied);
  expect(CARD_TEXTS.errorTitle).toBe(ERROR_MESSAGES.general.errorModalTitle);
  expect(CARD_TEXTS.generic).toBe(ERROR_MESSAGES.general.generic);
});

it('has the listing texts of the spec', () => {
  expect(LISTING_TEXTS.noResults).toBe('No Results Found');
  expect(LISTING_TEXTS.noResultsHint).toBe('Try clearing your filters or use another keyword');
  expect(LISTING_TEXTS.count('1.2k', 1234)).toBe('1.2k chatbots');
  expect(LISTING_TEXTS.count('1', 1)).toBe('1 chatbot');
});
