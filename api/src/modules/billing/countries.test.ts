import { isKnownCountry, listCountries, statesOf } from './countries';

it('lists the ISO countries by name, with states for the State-labelled countries and Canada', () => {
  const countries = listCountries();
  expect(countries.length).toBe(250);
  expect(countries.find((c) => c.iso2 === 'US')).toEqual({ id: 'US', iso2: 'US', name: 'United States' });
  const names = countries.map((c) => c.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  expect(isKnownCountry('GB')).toBe(true);
  expect(isKnownCountry('ZZ')).toBe(false);
  for (const [iso2, count] of [['US', 52], ['CA', 13], ['AU', 8], ['BR', 27], ['IN', 36], ['MX', 32], ['NG', 37], ['DE', 16]] as const) {
    const states = statesOf(iso2) ?? [];
    expect([iso2, states.length]).toEqual([iso2, count]);
    expect(new Set(states.map((s) => s.state_code)).size).toBe(count);
  }
  expect(statesOf('US')).toContainEqual({ id: 'US-CA', name: 'California', state_code: 'CA' });
  expect(statesOf('FR')).toEqual([]);
  expect(statesOf('ZZ')).toBeNull();
});
