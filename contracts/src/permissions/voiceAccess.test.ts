import { permissionsFor, TIERS } from './permissions';
import { voiceAccess } from './voiceAccess';

describe('voiceAccess (document 1 §6 Voice)', () => {
  it('asks guests to create an account', () => {
    expect(voiceAccess({ permissions: null, tier: null })).toBe('sign_up');
  });

  it('lets every paid tier speak and asks free members to upgrade', () => {
    const access = Object.fromEntries(TIERS.map((tier) => [tier, voiceAccess({ permissions: permissionsFor(tier), tier })]));
    expect(access).toEqual({ free: 'upgrade', minimal: 'speak', basic: 'speak', premium: 'speak' });
  });

  it('needs text-to-speech access as well as a paid tier', () => {
    const withoutTts = permissionsFor('premium').filter((p) => p !== 'text_to_speech');
    expect(voiceAccess({ permissions: withoutTts, tier: 'premium' })).toBe('upgrade');
  });
});
