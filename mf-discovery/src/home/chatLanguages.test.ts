import { CHAT_LANGUAGES } from '@fable/contracts';
import { CHAT_LANGUAGE_CODES, isChatLanguage } from './chatLanguages';
import { languageName } from './TagFilterPanel';

it('are the contracts chat languages', () => {
  expect(CHAT_LANGUAGE_CODES).toEqual(CHAT_LANGUAGES);
  expect(isChatLanguage('fr')).toBe(true);
  expect(isChatLanguage('xx')).toBe(false);
});

it('names a language in that language', () => {
  expect(languageName('fr')).toBe('Français');
  expect(languageName('not a code')).toBe('not a code');
});
