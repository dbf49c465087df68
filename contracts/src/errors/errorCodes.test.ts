import { ApiErrorSchema, apiError, parseApiError } from './apiError';
import {
  CONTENT_MODERATION_CODES,
  ERROR_CATALOGUE,
  ERROR_CODES,
  EXPLICIT_CONTENT_MESSAGE,
  UNDERAGE_CONTENT_MESSAGE,
  contentModerationKind,
  errorMessageFor,
} from './errorCodes';
import { ERROR_MESSAGES } from './errorMessages';
import { formatMessage } from './formatMessage';

describe('content moderation codes (document 1 §8)', () => {
  it('has the spec codes by kind', () => {
    expect([...CONTENT_MODERATION_CODES.underage].sort()).toEqual([1213, 1214, 1215, 4207, 6801]);
    expect([...CONTENT_MODERATION_CODES.explicit].sort()).toEqual([1203, 1212, 4208, 6802]);
  });
  it('maps every code to its verbatim message', () => {
    for (const code of CONTENT_MODERATION_CODES.underage) expect(ERROR_CATALOGUE[code].message).toBe(UNDERAGE_CONTENT_MESSAGE);
    for (const code of CONTENT_MODERATION_CODES.explicit) expect(ERROR_CATALOGUE[code].message).toBe(EXPLICIT_CONTENT_MESSAGE);
    expect(UNDERAGE_CONTENT_MESSAGE).toBe(
      'Underage Content Detected: This content is not allowed. Further attempts may lead to account suspension or termination.',
    );
    expect(EXPLICIT_CONTENT_MESSAGE).toBe(
      'Explicit Content Detected: NSFW content is not allowed on the product. Please remove or revise to continue.',
    );
  });
  it('recognises codes sent as numbers or strings', () => {
    expect(contentModerationKind(4207)).toBe('underage');
    expect(contentModerationKind('6802')).toBe('explicit');
    expect(contentModerationKind(ERROR_CODES.USERNAME_TAKEN)).toBeNull();
    expect(contentModerationKind(9999)).toBeNull();
  });
});

describe('catalogue', () => {
  it('every code has a message and an HTTP status', () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(0);
      expect(ERROR_CATALOGUE[code].status).toBeGreaterThanOrEqual(400);
    }
  });
  it('codes are unique', () => {
    const values = Object.values(ERROR_CODES).map(String);
    expect(new Set(values).size).toBe(values.length);
  });
  it('keeps the spec texts verbatim', () => {
    expect(ERROR_CATALOGUE.character_favorite_limit.message).toBe(ERROR_MESSAGES.favorite.limit);
    expect(ERROR_CATALOGUE.username_taken.message).toBe('Username is not available');
    expect(ERROR_CATALOGUE.persona_limit.message).toBe(ERROR_MESSAGES.persona.limit);
    expect(ERROR_CATALOGUE.persona_create_failed.message).toBe('Unable to create persona.');
    expect(ERROR_CATALOGUE.chat_server_busy.message).toBe('Chat server is busy.');
    expect(ERROR_MESSAGES.suggestion.sendFailed).toBe("Suggestions didn't sent !");
    expect(ERROR_MESSAGES.moderation.underage).toBe(UNDERAGE_CONTENT_MESSAGE);
  });
  it('falls back to "Something went wrong!" for unknown codes', () => {
    expect(errorMessageFor('nope')).toBe('Something went wrong!');
    expect(errorMessageFor(1212)).toBe(EXPLICIT_CONTENT_MESSAGE);
  });
});

describe('formatMessage', () => {
  it('fills {n} and {{name}} placeholders', () => {
    expect(formatMessage(ERROR_CATALOGUE.character_favorite_limit.message, { character_favorite_limit: 500 })).toBe(
      "Oops! You've reached your limit of 500 favorite bots. To add more, please consider removing some from your current list.",
    );
    expect(formatMessage("You can't add more than {n} chatbots.", { n: 10 })).toBe("You can't add more than 10 chatbots.");
    expect(formatMessage('{missing} stays', {})).toBe('{missing} stays');
  });
});

describe('ApiErrorSchema', () => {
  it('accepts numeric and text codes with optional details', () => {
    expect(ApiErrorSchema.safeParse({ error: { code: 4207, message: 'x' } }).success).toBe(true);
    expect(ApiErrorSchema.safeParse({ error: { code: 'validation_failed', message: 'x', details: [{ path: 'name' }] } }).success).toBe(true);
  });
  it('rejects other shapes', () => {
    expect(ApiErrorSchema.safeParse({ code: 4207, message: 'x' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ error: { code: true, message: 'x' } }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ error: { code: 'x' } }).success).toBe(false);
  });
  it('apiError builds a valid body with the catalogue message', () => {
    const body = apiError(ERROR_CODES.PERSONA_LIMIT, { values: { n: 3, tier: 'free' } });
    expect(ApiErrorSchema.parse(body)).toEqual(body);
    expect(body.error.message).toBe(
      "You've reached the maximum allowance of 3 personas in the free tier. To create or update more, please delete existing ones or upgrade your tier",
    );
    expect(parseApiError(apiError(ERROR_CODES.PERSONA_UNDERAGE))?.code).toBe(4207);
    expect(parseApiError({ message: 'not ours' })).toBeNull();
  });
});
