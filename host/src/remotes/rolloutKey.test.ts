import { ROLLOUT_KEY_STORAGE as ROLLOUT_KEY } from '@fable/contracts';
import { ACCESS_TOKEN_KEY, GUEST_ID_KEY } from '@fable/shared';
import { rolloutKey } from './rolloutKey';

const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

beforeEach(() => localStorage.clear());

it('fixes a guest device\'s key on its first page, to its guest id when it has one, and keeps it after', () => {
  localStorage.setItem(GUEST_ID_KEY, 'guest-42');
  expect(rolloutKey()).toBe('guest-42');
  localStorage.setItem(GUEST_ID_KEY, 'guest-renewed');
  expect(rolloutKey()).toBe('guest-42');
  expect(localStorage.getItem(ROLLOUT_KEY)).toBe('guest-42');
});

it('makes a random key on a first visit (the guest id is not issued yet), the same on the next page', () => {
  const first = rolloutKey();
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  localStorage.setItem(GUEST_ID_KEY, 'guest-issued-later');
  expect(rolloutKey()).toBe(first);
});

it('follows a member by user id, the same on every device', () => {
  localStorage.setItem(ROLLOUT_KEY, 'device-key');
  localStorage.setItem(ACCESS_TOKEN_KEY, JSON.stringify(tokenOf('user-7')));
  expect(rolloutKey()).toBe('user-7');
});
