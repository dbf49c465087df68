import { isReturnPath, rememberReturnPath, RETURN_PATH_KEY, takeReturnPath } from './returnPath';

beforeEach(() => localStorage.clear());

it('returns after login to the paths of document 1 §4 only', () => {
  for (const path of [
    '/chatbot/create',
    '/chatbot/create/draft-1',
    '/personas',
    '/personas/create',
    '/favorite-bots',
    '/my-chatbots',
    '/my-chatbots/drafts',
    '/subscribe',
    '/portal',
    '/manage-subscription',
    '/checkout',
    '/checkout?plan=premium',
  ]) {
    expect(isReturnPath(path)).toBe(true);
  }
  for (const path of ['/', '/chats', '/chat/abc', '/profile', '/signup', '//evil.example/portal', '/portal/x']) {
    expect(isReturnPath(path)).toBe(false);
  }
});

it('keeps the return path locally and gives it once', () => {
  rememberReturnPath('/checkout?plan=premium');
  expect(JSON.parse(localStorage.getItem(RETURN_PATH_KEY) ?? 'null')).toBe('/checkout?plan=premium');
  expect(takeReturnPath()).toBe('/checkout?plan=premium');
  expect(takeReturnPath()).toBeNull();
});

it('forgets an older return path when sign-in starts elsewhere', () => {
  rememberReturnPath('/personas');
  rememberReturnPath('/chats');
  expect(takeReturnPath()).toBeNull();
});
