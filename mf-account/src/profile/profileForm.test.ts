import { apiUserFixture } from '@fable/shared/testing';
import { changesOf, isDirty, keyTail, profileApiError, validateProfile, valuesFromUser } from './profileForm';

const saved = valuesFromUser(apiUserFixture({ highlights: 'Hello there', avatar_url: '/api/avatars/a.svg' }));
const context = { hasSavedKey: false, needsEmail: false };

describe('profile rules (document 1 §5)', () => {
  it('says nothing for the saved profile, and nothing about an unchanged username', () => {
    expect(Object.values(validateProfile(saved, saved, context)).filter(Boolean)).toEqual([]);
    const short = valuesFromUser(apiUserFixture({ username: 'ada' }));
    expect(validateProfile(short, short, context).username).toBeNull();
  });

  it('gives the spec’s messages', () => {
    const v = (patch: Partial<typeof saved>) => validateProfile({ ...saved, ...patch }, saved, context);
    expect(v({ username: '' }).username).toBe("Username can't be empty");
    expect(v({ username: 'ab' }).username).toBe('Username is too short');
    expect(v({ username: 'abc' }).username).toBe('Username is too short'); // profile: invalid below 4
    expect(v({ username: 'a'.repeat(21) }).username).toBe('Username should be less then 20 characters');
    expect(v({ username: 'ada lovelace' }).username).toBe('Username contain invalid characters');
    expect(v({ name: ' ' }).name).toBe("Name can't be empty");
    expect(v({ name: 'Al' }).name).toBe('Name is too short');
    expect(v({ name: 'A'.repeat(21) }).name).toBe('Name should be 20 characters or less');
    expect(v({ highlights: 'Hi' }).highlights).toBe('Highlights is too short');
    expect(v({ highlights: 'x'.repeat(1001) }).highlights).toBe('Highlights should be less than 1000 characters');
    expect(v({ highlights: '' }).highlights).toBeNull();
    expect(v({ email: '' }).email).toBe('Email can not be empty');
    expect(v({ email: 'ada@' }).email).toBe('Please enter a valid email address');
    expect(v({ openaiKey: 'k'.repeat(201) }).openaiKey).toBe('API key should be 200 characters or less');
    expect(v({ avatarUrl: 'javascript:alert(1)' }).avatarUrl).toBe('Enter an image link that starts with https:// or /');
    expect(v({ avatarUrl: 'https://img.example.com/a.png' }).avatarUrl).toBeNull();
    expect(v({ openaiMode: 'enabled' }).openaiMode).toBe('Add your OpenAI API key to use this mode');
    expect(v({ openaiMode: 'hybrid', openaiKey: 'sk-1' }).openaiMode).toBeNull();
  });
});

describe('what is sent', () => {
  it('nothing when nothing changed (Update stays disabled)', () => {
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty({ ...saved, name: 'Ada ' }, saved)).toBe(false);
    expect(changesOf(saved, saved)).toEqual({ profile: null, settings: null });
  });

  it('the profile update with username and name and the changed fields; settings apart', () => {
    const values = { ...saved, name: 'Ada L', highlights: '', openaiKey: ' sk-new ', showNSFW: true };
    expect(changesOf(values, saved)).toEqual({
      profile: { username: 'ada', name: 'Ada L', highlights: '', openai_api_key: 'sk-new' },
      settings: { showNSFW: true },
    });
    expect(changesOf({ ...saved, removeOpenaiKey: true }, saved).profile).toEqual({ username: 'ada', name: 'Ada', openai_api_key: '' });
    expect(changesOf({ ...saved, blurNSFW: false, chatLanguage: 'fr' }, saved)).toEqual({ profile: null, settings: { blurNSFW: false, chatLanguage: 'fr' } });
  });

  it('shows only the end of a saved key', () => {
    expect(keyTail('sk-abcdefghijklmnop')).toBe('mnop');
    expect(keyTail(null)).toBeNull();
  });
});

describe('API errors by errorCode', () => {
  const failed = (status: number, error: unknown) => ({ status, data: { error } });
  it('puts a duplicated username and a taken email next to their fields', () => {
    expect(profileApiError(failed(409, { code: 'username_taken', message: 'x', details: { errorCode: 'username_taken', field: 'username' } }))).toEqual({
      fields: { username: 'Username is not available' },
      form: null,
      usernameTaken: true,
    });
    expect(profileApiError(failed(409, { code: 'email_taken', message: 'x' })).fields).toEqual({ email: 'This email is already used by another account' });
  });

  it('maps validation issues by path, and the rest to the form', () => {
    const validation = failed(400, {
      code: 'validation_error',
      message: 'Invalid request body',
      details: { issues: [{ path: 'body.highlights', message: 'Highlights is too short' }, { path: 'body.avatar_url', message: 'bad' }] },
    });
    expect(profileApiError(validation).fields).toEqual({ highlights: 'Highlights is too short', avatarUrl: 'bad' });
    expect(profileApiError(failed(422, { code: 4207, message: 'x' })).form).toMatch(/^Underage Content Detected/);
    expect(profileApiError(failed(500, { code: 'internal_error', message: 'boom' })).form).toBe('Something went wrong!');
    expect(profileApiError({ status: 'FETCH_ERROR', error: 'TypeError' }).form).toBe(
      'Network Connection Unavailable. Check Your Connection and Try Again.',
    );
  });
});
