import { apiError, ERROR_CODES, ERROR_MESSAGES } from '@fable/contracts';
import { FAVORITE_LIMIT_CODE, FAVORITE_LIMIT_TEXT, favoriteErrorMessage, isNotFound } from './apiErrors';

it('has the catalogue code and texts', () => {
  expect(FAVORITE_LIMIT_CODE).toBe(ERROR_CODES.CHARACTER_FAVORITE_LIMIT);
  expect(FAVORITE_LIMIT_TEXT).toBe(ERROR_MESSAGES.favorite.limit);
});

const limitText = (n: number) =>
  `Oops! You've reached your limit of ${n} favorite bots. To add more, please consider removing some from your current list.`;

describe('favoriteErrorMessage (document 1 §8)', () => {
  it('formats the spec text with the limit the error carries', () => {
    const data = apiError(ERROR_CODES.CHARACTER_FAVORITE_LIMIT, { values: { character_favorite_limit: 3 }, details: { character_favorite_limit: 3 } });
    expect(favoriteErrorMessage({ status: 409, data })).toBe(limitText(3));
    expect(favoriteErrorMessage({ status: 409, data: { error: { code: 'character_favorite_limit', message: 'limit', details: { limit: 12 } } } })).toBe(
      limitText(12),
    );
  });
  it('uses the server text when details are missing, our limit when that is a bare template', () => {
    expect(favoriteErrorMessage({ status: 409, data: { error: { code: 'character_favorite_limit', message: limitText(7) } } })).toBe(limitText(7));
    expect(
      favoriteErrorMessage({ status: 409, data: { error: { code: 'character_favorite_limit', message: 'limit {{character_favorite_limit}}' } } }),
    ).toBe(limitText(500));
    expect(favoriteErrorMessage({ status: 409, data: { error: { code: 'character_favorite_limit', message: '' } } })).toBe(limitText(500));
  });
  it('shows other errors by their message, or the generic text', () => {
    expect(favoriteErrorMessage({ status: 500, data: { error: { code: 'internal_error', message: 'Boom' } } })).toBe('Boom');
    expect(favoriteErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Something went wrong!');
  });
});

it('tells a 404 (the shared apiErrorOf reads the error shape)', () => {
  expect(isNotFound({ status: 404 })).toBe(true);
  expect(isNotFound({ status: 500 })).toBe(false);
});
