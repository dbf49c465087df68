import { apiError, ERROR_CODES, ERROR_MESSAGES } from '@fable/contracts';
import { apiErrorMessage, apiErrorOf, GENERIC_ERROR_TEXT } from './apiError';

it('has the catalogue generic text', () => {
  expect(GENERIC_ERROR_TEXT).toBe(ERROR_MESSAGES.general.generic);
});

describe('apiErrorOf', () => {
  it('reads the status, code, trimmed message and details of an RTK Query error', () => {
    expect(apiErrorOf({ status: 409, data: { error: { code: 'conversation_busy', message: ' Busy. ', details: { limit: 3 } } } })).toEqual({
      status: 409,
      network: false,
      code: 'conversation_busy',
      message: 'Busy.',
      details: { limit: 3 },
    });
  });

  it('reads the error the API itself builds', () => {
    const data = apiError(ERROR_CODES.CREATOR_BLOCKED);
    expect(apiErrorOf({ status: 403, data })).toMatchObject({ status: 403, code: 'creator_blocked', message: data.error.message });
  });

  it('makes a numeric code a string and a blank message null', () => {
    expect(apiErrorOf({ status: 400, data: { error: { code: 4207, message: '   ' } } })).toMatchObject({ code: '4207', message: null });
  });

  it('says a network failure has no status and no server text', () => {
    expect(apiErrorOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: null,
      network: true,
      code: null,
      message: null,
      details: undefined,
    });
  });

  it('reads nothing from answers of another shape, errors or nothing at all', () => {
    const none = { status: null, network: false, code: null, message: null, details: undefined };
    expect(apiErrorOf({ status: 502, data: '<html>bad gateway</html>' })).toEqual({ ...none, status: 502 });
    expect(apiErrorOf({ data: { error: 'text' } })).toEqual(none);
    expect(apiErrorOf({ data: { error: { code: {}, message: 12 } } })).toEqual(none);
    expect(apiErrorOf(new Error('boom'))).toEqual(none);
    expect(apiErrorOf(null)).toEqual(none);
    expect(apiErrorOf(undefined)).toEqual(none);
  });
});

describe('apiErrorMessage', () => {
  it("is the server's text", () => {
    expect(apiErrorMessage({ status: 400, data: { error: { code: 'x', message: 'Too long' } } })).toBe('Too long');
  });
  it('is "Something went wrong!" or the given fallback when there is none', () => {
    expect(apiErrorMessage({ status: 'FETCH_ERROR' })).toBe('Something went wrong!');
    expect(apiErrorMessage({ status: 500, data: { error: { code: 'x', message: '' } } })).toBe('Something went wrong!');
    expect(apiErrorMessage(undefined, 'Could not change the persona.')).toBe('Could not change the persona.');
    expect(apiErrorMessage(undefined, '')).toBe('');
  });
});
