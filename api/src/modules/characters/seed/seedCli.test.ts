import { DEFAULT_SEED } from './seedCatalog';
import { DEFAULT_SEED_CHARACTERS, parseSeedArgs, runSeedCli, SEED_USAGE } from './seedCli';

describe('seed CLI arguments', () => {
  it('defaults to a few hundred characters, no reset, the default seed', () => {
    expect(parseSeedArgs([])).toEqual({ characters: DEFAULT_SEED_CHARACTERS, reset: false, seed: DEFAULT_SEED, help: false });
  });

  it('reads --characters (also with = and underscores), --reset, --seed and --chunk', () => {
    expect(parseSeedArgs(['--characters', '300000', '--reset'])).toMatchObject({ characters: 300_000, reset: true });
    expect(parseSeedArgs(['--characters=300_000', '--seed', '7', '--chunk=5000'])).toMatchObject({
      characters: 300_000,
      seed: 7,
      chunk: 5000,
    });
  });

  it('rejects unknown flags and bad numbers', () => {
    expect(() => parseSeedArgs(['--charcters', '10'])).toThrow('Unknown argument --charcters');
    expect(() => parseSeedArgs(['--characters', 'many'])).toThrow('--characters needs a whole number');
    expect(() => parseSeedArgs(['--characters'])).toThrow('--characters needs a whole number');
    expect(() => parseSeedArgs(['--chunk', '0'])).toThrow('--chunk needs a whole number of at least 1');
  });

  it('prints the usage for --help without opening a database', async () => {
    const lines: string[] = [];
    await runSeedCli(['--help'], (l) => lines.push(l));
    expect(lines).toEqual([SEED_USAGE]);
  });
});
