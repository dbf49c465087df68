import { BOTH_BACKENDS, backendsFrom } from './testDatabases';

describe('FABLE_TEST_BACKENDS', () => {
  it('runs the feature tests on PostgreSQL when unset or empty', () => {
    expect(backendsFrom(undefined)).toEqual(['postgres']);
    expect(backendsFrom(' ')).toEqual(['postgres']);
  });

  it('takes a comma-separated list in the order PGlite, PostgreSQL, without repeats', () => {
    expect(backendsFrom('postgres, pglite')).toEqual(BOTH_BACKENDS);
    expect(backendsFrom('pglite,pglite')).toEqual(['pglite']);
  });

  it('refuses a name it does not know, naming the ones it does', () => {
    expect(() => backendsFrom('postgres,mysql')).toThrow('FABLE_TEST_BACKENDS: unknown backend mysql (known: pglite, postgres)');
  });
});
