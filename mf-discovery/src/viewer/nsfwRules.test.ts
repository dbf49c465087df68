import { apiUserFixture } from '@fable/shared/testing';
import { nsfwActive, nsfwToggleOutcome, shouldBlurAvatar } from './nsfwRules';

const settings = (over: Partial<ReturnType<typeof apiUserFixture>['settings']> = {}) => ({ ...apiUserFixture().settings, ...over });
const guest = { signedIn: false, settings: null };
const memberWithout = { signedIn: true, settings: settings({ showNSFW: false }) };
const memberWith = { signedIn: true, settings: settings({ showNSFW: true }) };

describe('avatar blur (document 1 §6)', () => {
  it('never blurs a safe avatar', () => {
    expect(shouldBlurAvatar({ avatar_is_nsfw: false }, guest)).toBe(false);
  });
  it('always blurs an NSFW avatar for anonymous viewers', () => {
    expect(shouldBlurAvatar({ avatar_is_nsfw: true }, guest)).toBe(true);
  });
  it('blurs for members with the blur setting, not for others', () => {
    expect(shouldBlurAvatar({ avatar_is_nsfw: true }, { signedIn: true, settings: settings({ blurNSFW: true }) })).toBe(true);
    expect(shouldBlurAvatar({ avatar_is_nsfw: true }, { signedIn: true, settings: settings({ blurNSFW: false }) })).toBe(false);
  });
  it('blurs while a member’s settings are loading', () => {
    expect(shouldBlurAvatar({ avatar_is_nsfw: true }, { signedIn: true, settings: null })).toBe(true);
  });
});

describe('NSFW toggle (document 1 §1, §6)', () => {
  it('gives guests the create-account prompt', () => {
    expect(nsfwToggleOutcome(guest, true)).toBe('guest_prompt');
  });
  it('sends members without explicit content to the access modal', () => {
    expect(nsfwToggleOutcome(memberWithout, true)).toBe('access_prompt');
    expect(nsfwToggleOutcome({ signedIn: true, settings: null }, true)).toBe('access_prompt');
  });
  it('toggles for members with explicit content enabled', () => {
    expect(nsfwToggleOutcome(memberWith, true)).toBe('toggle');
  });
  it('always lets anyone switch it off', () => {
    expect(nsfwToggleOutcome(guest, false)).toBe('toggle');
    expect(nsfwToggleOutcome(memberWithout, false)).toBe('toggle');
  });
  it('is active only when on, shown, and allowed by the profile', () => {
    expect(nsfwActive(memberWith, true, false)).toBe(true);
    expect(nsfwActive(memberWith, false, false)).toBe(false);
    expect(nsfwActive(memberWith, true, true)).toBe(false);
    expect(nsfwActive(memberWithout, true, false)).toBe(false);
    expect(nsfwActive(guest, true, false)).toBe(false);
  });
});
