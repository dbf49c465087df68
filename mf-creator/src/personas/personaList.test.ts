import type { Persona } from '@fable/contracts';
import { limitFromDetails, offersUpgrade, personaLimitOf, visiblePersonas } from './personaList';

const persona = (id: string, name: string, highlights: string, is_default = false): Persona => ({ id, name, highlights, avatar_url: null, is_default });

describe('visiblePersonas', () => {
  const all = [persona('a', 'Ada', 'A curious traveller.'), persona('b', 'Bram', 'Blacksmith of Ember', true), persona('c', 'Cleo', 'Sings to travellers.')];

  it('puts the default first and keeps the others in order', () => {
    expect(visiblePersonas(all, '').map((p) => p.id)).toEqual(['b', 'a', 'c']);
  });

  it('finds by name or highlights, case-insensitive and trimmed', () => {
    expect(visiblePersonas(all, '  TRAVELLER ').map((p) => p.id)).toEqual(['a', 'c']);
    expect(visiblePersonas(all, 'bram').map((p) => p.id)).toEqual(['b']);
    expect(visiblePersonas(all, 'nobody')).toEqual([]);
  });
});

describe('the persona limit', () => {
  it('is 3, 10, 50 and 100 by tier', () => {
    expect((['free', 'minimal', 'basic', 'premium'] as const).map(personaLimitOf)).toEqual([3, 10, 50, 100]);
  });

  it('offers an upgrade except to premium members and paid-premium roles', () => {
    expect(offersUpgrade({ tier: 'free', roles: ['free_tier'] })).toBe(true);
    expect(offersUpgrade({ tier: 'basic', roles: ['paid_basic'] })).toBe(true);
    expect(offersUpgrade({ tier: 'premium', roles: [] })).toBe(false);
    expect(offersUpgrade({ tier: 'free', roles: ['paid_premium'] })).toBe(false);
    expect(offersUpgrade(null)).toBe(false);
  });

  it("reads the API's numbers, else keeps the member's own", () => {
    expect(limitFromDetails({ n: 10, tier: 'minimal' }, { n: 3, tier: 'free' })).toEqual({ n: 10, tier: 'minimal' });
    expect(limitFromDetails(undefined, { n: 3, tier: 'free' })).toEqual({ n: 3, tier: 'free' });
  });
});
