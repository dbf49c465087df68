import { loadConfig } from '../../../config';
import { migrate } from '../../../infra/db/migrate';
import { openDatabase } from '../../../infra/db/openDatabase';
import { DEFAULT_SEED, seedCatalog } from './seedCatalog';

/** `npm run seed` without --characters. */
export const DEFAULT_SEED_CHARACTERS = 300;

export const SEED_USAGE = `Usage: npm run seed -- [--characters N] [--reset] [--seed N] [--chunk N]

Fills the catalog (creators, characters, lorebooks) of the configured database: DATABASE_URL, or PGlite in
DATA_DIR (default <repo>/.data). Does nothing when the catalog already holds N characters; tops it up when it
holds fewer.

  --characters N  catalog size (default ${DEFAULT_SEED_CHARACTERS})
  --reset         delete the catalog first (characters, creators, lorebooks)
  --seed N        generator seed (default ${DEFAULT_SEED}); the same seed gives the same catalog
  --chunk N       characters per transaction (default 10000)
  --help          this text`;

export interface SeedCliArgs {
  characters: number;
  reset: boolean;
  seed: number;
  chunk?: number;
  help: boolean;
}

function positiveInt(flag: string, value: string | undefined, min: number): number {
  const n = Number(value?.replace(/_/g, ''));
  if (value === undefined || !Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number of at least ${min}`);
  return n;
}

/** Parses the CLI arguments (`--characters 300000`, `--characters=300000`, `--reset`, `--seed 7`). */
export function parseSeedArgs(argv: readonly string[]): SeedCliArgs {
  const args: SeedCliArgs = { characters: DEFAULT_SEED_CHARACTERS, reset: false, seed: DEFAULT_SEED, help: false };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    const [flag, inline] = raw.includes('=') ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)] : [raw, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--characters':
      case '-n':
        args.characters = positiveInt(flag, value(), 0);
        break;
      case '--seed':
        args.seed = positiveInt(flag, value(), 0);
        break;
      case '--chunk':
        args.chunk = positiveInt(flag, value(), 1);
        break;
      case '--reset':
        args.reset = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new Error(`Unknown argument ${raw}`);
    }
  }
  return args;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run seed`: opens the configured database, applies migrations, seeds, prints progress and the time taken. */
export async function runSeedCli(argv: readonly string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<void> {
  const args = parseSeedArgs(argv);
  if (args.help) {
    out(SEED_USAGE);
    return;
  }
  const config = loadConfig();
  const started = Date.now();
  const db = await openDatabase(config);
  try {
    const where = config.databaseUrl ? `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1) || ''}`.trim() : `PGlite in ${config.dataDir}`;
    out(`[seed] ${where}`);
    await migrate(db);
    let lastLine = 0;
    const result = await seedCatalog(db, {
      characters: args.characters,
      seed: args.seed,
      reset: args.reset,
      chunkSize: args.chunk,
      onProgress: ({ inserted, target, elapsedMs }) => {
        if (inserted === target || Date.now() - lastLine >= 2_000) {
          lastLine = Date.now();
          const rate = Math.round(inserted / Math.max(elapsedMs / 1000, 0.001));
          out(`[seed] ${inserted.toLocaleString('en')} / ${target.toLocaleString('en')} characters (${seconds(elapsedMs)}, ${rate.toLocaleString('en')}/s)`);
        }
      },
    });
    if (result.skipped) {
      out(`[seed] the catalog already holds ${result.before.toLocaleString('en')} characters (asked for ${args.characters.toLocaleString('en')}): nothing to do; --reset starts over`);
    } else {
      out(
        `[seed] ${result.inserted.toLocaleString('en')} characters added (${result.after.toLocaleString('en')} in total), ` +
          `${result.creators.toLocaleString('en')} creators, ${result.lorebooks.toLocaleString('en')} lorebooks and ` +
          `${result.activityRows.toLocaleString('en')} daily activity rows written`,
      );
    }
    out(`[seed] done in ${seconds(Date.now() - started)}`);
  } finally {
    await db.close();
  }
}
