// npm run build: every app (host, the remotes, the host without federation for comparison), the remotes
// published under their versioned paths, then the performance budget, which fails the build when exceeded.
import { parseArgs } from 'node:util';
import { buildApps, publishRemotes } from './build/buildApps';
import { formatBudget, measureBudget } from './build/measureBudget';
import { APPS, REMOTES } from './lib/apps';

const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    'skip-budget': { type: 'boolean', default: false },
    /** Build and publish one app alone (a team deploying its remote). */
    only: { type: 'string' },
  },
});

async function main() {
  const started = Date.now();
  if (values.only) {
    if (!APPS.includes(values.only)) throw new Error(`unknown app ${values.only} (one of ${APPS.join(', ')})`);
    await buildApps({ apps: [values.only], force: values.force });
    if (REMOTES.includes(values.only)) await publishRemotes([values.only]);
    return;
  }
  await buildApps({ force: values.force, noFederationHost: true });
  await publishRemotes();
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (values['skip-budget']) return;
  const report = await measureBudget();
  console.log(formatBudget(report));
  if (!report.withinBudget) {
    console.error(`[build] the home route loads ${report.homeJs} bytes of JS (gzip), over the enforced ceiling of ${report.homeCeiling}`);
    process.exit(1);
  }
}

main().catch((error: Error) => {
  console.error(`[build] ${error.message}`);
  process.exit(1);
});
