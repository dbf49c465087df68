import { VERSIONED_PACKAGES, compareSurfaces, currentSurface, nextVersion, packageVersion, recordedSurface } from './apiSurface';

describe('semantic versions of the packages every app is built against', () => {
  for (const pkg of Object.keys(VERSIONED_PACKAGES)) {
    it(`@fable/${pkg}: its version is the one its recorded API surface implies (npm run versions records a change)`, () => {
      const recorded = recordedSurface(pkg);
      const change = compareSurfaces(recorded.exports, currentSurface(pkg));
      expect({ version: packageVersion(pkg), ...change }).toEqual({ version: recorded.version, removed: [], changed: [], added: [] });
    }, 60_000);
  }
});

describe('nextVersion', () => {
  const none = { removed: [], changed: [], added: [] };
  it('bumps the major for a removed export or a changed type, the minor for an added one, nothing otherwise', () => {
    expect(nextVersion('1.4.2', { ...none, removed: ['a'] })).toBe('2.0.0');
    expect(nextVersion('1.4.2', { ...none, changed: ['a'] })).toBe('2.0.0');
    expect(nextVersion('1.4.2', { ...none, added: ['b'] })).toBe('1.5.0');
    expect(nextVersion('1.4.2', none)).toBe('1.4.2');
  });
  it('compares surfaces by name and type', () => {
    expect(compareSurfaces({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })).toEqual({ removed: ['c'], changed: ['b'], added: ['d'] });
  });
});
