import { permissionsFor } from './permissions';
import { translateAction, type TranslateContext } from './translateAction';

const base: TranslateContext = { permissions: permissionsFor('basic'), partnerMode: false, chatLanguage: 'es', character: { visibility: 'public', language: 'en', translated_languages: [] } };

describe('translateAction (document 1 §6 Translate)', () => {
  it('is hidden for partners, the default language, and a bot already in the language', () => {
    expect(translateAction({ ...base, partnerMode: true })).toBe('hidden');
    expect(translateAction({ ...base, chatLanguage: 'en' })).toBe('hidden');
    expect(translateAction({ ...base, character: { visibility: 'public', language: 'es' } })).toBe('hidden');
    expect(translateAction({ ...base, character: { visibility: 'public', language: 'en', translated_languages: ['es'] } })).toBe('hidden');
  });

  it('lets public bots be translated with either permission, others only with the private one', () => {
    expect(translateAction(base)).toBe('translate');
    expect(translateAction({ ...base, permissions: permissionsFor('premium') })).toBe('translate');
    expect(translateAction({ ...base, character: { visibility: 'private', language: 'en' } })).toBe('upgrade_private');
    expect(translateAction({ ...base, permissions: permissionsFor('premium'), character: { visibility: 'hidden', language: 'en' } })).toBe('translate');
  });

  it('offers the upgrade to members without the permission and the sign-up to guests', () => {
    expect(translateAction({ ...base, permissions: permissionsFor('free') })).toBe('upgrade');
    expect(translateAction({ ...base, permissions: permissionsFor('minimal') })).toBe('upgrade');
    expect(translateAction({ ...base, permissions: null })).toBe('sign_up');
  });
});
