import { canSend, isMobileUserAgent, shouldSendOnKey, textAreaHeight } from './inputRules';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

it('Enter sends, Shift+Enter does not, other keys do not', () => {
  expect(shouldSendOnKey({ key: 'Enter', shiftKey: false }, DESKTOP)).toBe(true);
  expect(shouldSendOnKey({ key: 'Enter', shiftKey: true }, DESKTOP)).toBe(false);
  expect(shouldSendOnKey({ key: 'a', shiftKey: false }, DESKTOP)).toBe(false);
});

it('Enter does not send while composing (IME)', () => {
  expect(shouldSendOnKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } }, DESKTOP)).toBe(false);
});

it('Enter does not send on mobile user agents', () => {
  expect(isMobileUserAgent(IPHONE)).toBe(true);
  expect(isMobileUserAgent(ANDROID)).toBe(true);
  expect(isMobileUserAgent(DESKTOP)).toBe(false);
  expect(shouldSendOnKey({ key: 'Enter', shiftKey: false }, IPHONE)).toBe(false);
  expect(shouldSendOnKey({ key: 'Enter', shiftKey: false }, ANDROID)).toBe(false);
});

it('the send button is only for non-blank input', () => {
  expect(canSend('')).toBe(false);
  expect(canSend('  \n\t ')).toBe(false);
  expect(canSend(' hi ')).toBe(true);
});

it('the text area grows up to 188 px', () => {
  expect(textAreaHeight(60, 188)).toBe(60);
  expect(textAreaHeight(400, 188)).toBe(188);
});
