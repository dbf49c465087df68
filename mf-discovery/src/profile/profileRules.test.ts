import { CHARACTER_VISIBILITY_LABELS } from '@fable/contracts';
import { api } from '@fable/shared';
import { charactersApi } from '@fable/shared/characters';
import { profileApi } from './profileApi';
import { characterProfileFixture } from '@fable/shared/testing';
import { blurAvatar, canShare, definitionShown, displayText, editPath, profileTitle, ratingPercent } from './profileRules';
import { VISIBILITY_LABELS } from './profileTexts';

const viewer = { is_creator: false, is_favorite: false, rating: null, creator_blocked: false };

describe('profileApi', () => {
  it('adds its endpoints to the one api, prefixed by the domain, beside the shared character endpoints', () => {
    expect(profileApi).toBe(api);
    expect(charactersApi).toBe(api);
    expect(Object.keys(profileApi.endpoints)).toEqual(
      expect.arrayContaining(['discovery_profileViewer', 'shared_tagOptions', 'characters_profile', 'characters_favorite', 'characters_rate']),
    );
  });

  it('labels visibilities as the contracts do', () => {
    expect(VISIBILITY_LABELS).toEqual(CHARACTER_VISIBILITY_LABELS);
  });
});

describe('definitionShown', () => {
  it('shows the definition when visible, hides it when withheld, and always shows it to the creator', () => {
    expect(definitionShown(characterProfileFixture())).toBe(true);
    expect(definitionShown(characterProfileFixture({ definition_visible: false, definition_hidden: true }))).toBe(false);
    expect(definitionShown(characterProfileFixture({ definition_visible: true, definition_hidden: true }))).toBe(false);
    expect(definitionShown(characterProfileFixture({ definition_visible: false, definition_hidden: false, viewer: { ...viewer, is_creator: true } }))).toBe(true);
  });
});

describe('canShare', () => {
  it('shares public and unlisted bots whose creator is not blocked, outside partner mode', () => {
    expect(canShare(characterProfileFixture({ visibility: 'public' }), false)).toBe(true);
    expect(canShare(characterProfileFixture({ visibility: 'hidden' }), false)).toBe(true);
    expect(canShare(characterProfileFixture({ visibility: 'private' }), false)).toBe(false);
    expect(canShare(characterProfileFixture({ visibility: 'permanently_private' }), false)).toBe(false);
    expect(canShare(characterProfileFixture({ viewer: { ...viewer, creator_blocked: true } }), false)).toBe(false);
    expect(canShare(characterProfileFixture(), true)).toBe(false);
  });
});

describe('blurAvatar', () => {
  it('blurs NSFW avatars for guests always and for members with the setting', () => {
    expect(blurAvatar(false, false, true)).toBe(false);
    expect(blurAvatar(true, false, false)).toBe(true);
    expect(blurAvatar(true, true, true)).toBe(true);
    expect(blurAvatar(true, true, false)).toBe(false);
  });
});

describe('texts', () => {
  it('strips HTML from user text', () => {
    expect(displayText('<p>Hello <b>there</b></p><script>alert(1)</script>')).toBe('Hello there');
    expect(displayText(null)).toBe('');
    expect(displayText('I <3 you')).toBe('I <3 you');
  });

  it('cuts the title at 100 characters', () => {
    expect(profileTitle('a'.repeat(100))).toBe('a'.repeat(100));
    expect(profileTitle('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
    // Characters, not UTF-16 units.
    expect(profileTitle('🙂'.repeat(101))).toBe(`${'🙂'.repeat(100)}…`);
  });

  it('shows the rating as a percent', () => {
    expect(ratingPercent(0.874)).toBe(87);
    expect(ratingPercent(1)).toBe(100);
    expect(ratingPercent(null)).toBeNull();
    expect(ratingPercent(undefined)).toBeNull();
  });

  it('edits a chatbot at /chatbot/edit/{id}', () => {
    expect(editPath('chatbot', 'a b')).toBe('/chatbot/edit/a%20b');
  });
});

