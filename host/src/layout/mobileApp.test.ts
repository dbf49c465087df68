import { detectMobileApp, MOBILE_APP_KEY, OWN_HEADER_ROUTES } from './mobileApp';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

beforeEach(() => sessionStorage.clear());

it('knows the mobile app by ?mobile_app=1, for the rest of the tab’s session, until ?mobile_app=0', () => {
  expect(detectMobileApp('', BROWSER)).toBe(false);
  expect(detectMobileApp('?mobile_app=1', BROWSER)).toBe(true);
  expect(sessionStorage.getItem(MOBILE_APP_KEY)).toBe('1');
  expect(detectMobileApp('?q=elf', BROWSER)).toBe(true);
  expect(detectMobileApp('?mobile_app=0', BROWSER)).toBe(false);
  expect(detectMobileApp('', BROWSER)).toBe(false);
});

it('knows the mobile app by its user agent', () => {
  expect(detectMobileApp('', `${BROWSER} FableApp/2.3.0`)).toBe(true);
  expect(detectMobileApp('', `${BROWSER} NotFableApp`)).toBe(false);
});

it('hides the shell’s header on narrow screens only in a chat, which draws its own', () => {
  expect(OWN_HEADER_ROUTES.test('/chat/c1')).toBe(true);
  expect(OWN_HEADER_ROUTES.test('/chat/c1/new')).toBe(true);
  expect(OWN_HEADER_ROUTES.test('/chats')).toBe(false);
  expect(OWN_HEADER_ROUTES.test('/chatbot/c1')).toBe(false);
  expect(OWN_HEADER_ROUTES.test('/')).toBe(false);
});
