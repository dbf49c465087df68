// npm run seed -- [--characters N] [--reset] [--seed N]: fills the catalog of the configured database.
// The logic lives in src/modules/characters/seed/ (typechecked and tested with the API).
import { runSeedCli } from '../src/modules/characters/seed/seedCli';

runSeedCli(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[seed] ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
