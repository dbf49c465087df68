// First: the traces' instrumentations patch pg, ioredis and undici as they load (tracing.ts).
import { stopTracing } from './tracing';
import { collectDefaultMetrics } from 'prom-client';
import { buildApp } from './app';
import { type AppConfig, DEV_SHUTDOWN_GRACE_SECONDS, loadConfig } from './config';
import type { Database } from './infra/db/database';
import { openDatabase } from './infra/db/openDatabase';
import { serveMetrics } from './infra/metrics/metricsServer';
import { createLogger } from './logger';
import { seedIfEmpty } from './modules/characters/seed/seedCatalog';
import { gracefulStop } from './shutdown';


/** Characters generated on the first start (an empty catalog), outside tests; `npm run seed` makes more. */
const FIRST_RUN_CHARACTERS = 300;

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config);
  // Opened here rather than by buildApp so the first-run seed can use it; closed after the app has stopped.
  let db: Database;
  try {
    db = await openDatabase(config, logger);
    logger.info({ kind: db.kind }, 'database opened');
  } catch (err) {
    logger.fatal({ err }, 'start failed');
    process.exit(1);
  }
  const app = await buildApp(config, { logger, db }).catch(async (err: unknown) => {
    logger.fatal({ err }, 'start failed');
    await db.close().catch(() => undefined);
    process.exit(1);
  });
  app.addHook('onClose', async () => {
    await db.close();
    logger.info('database closed');
    // The spans still batched go out before the process ends.
    await stopTracing?.().catch((err: unknown) => logger.warn({ err }, 'flushing the traces failed'));
  });
  if (config.nodeEnv !== 'test') {
    // buildApp has applied the migrations. A failed seed leaves an empty catalog, not a dead server.
    try {
      const seeded = await seedIfEmpty(db, { characters: FIRST_RUN_CHARACTERS });
      if (seeded) logger.info({ characters: seeded.inserted, ms: seeded.elapsedMs }, 'empty catalog seeded');
    } catch (err) {
      logger.error({ err }, 'seeding the empty catalog failed');
    }
  }
  try {
    if (config.metricsPort !== undefined) {
      // The process's own figures too (CPU, memory, event loop delay, GC), beside the API's.
      collectDefaultMetrics({ register: app.metrics.registry });
      const metrics = await serveMetrics(app.metrics.registry, { port: config.metricsPort, host: config.host });
      app.addHook('onClose', metrics.close);
      logger.info({ url: metrics.url }, 'metrics served');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, 'listen failed');
    await app.close();
    process.exit(1);
  }

  // Open chat streams finish before the process ends (SHUTDOWN_GRACE_SECONDS).
  const stop = gracefulStop(app, { graceMs: (config.shutdownGraceSeconds ?? DEV_SHUTDOWN_GRACE_SECONDS) * 1000, logger, exit: (code) => process.exit(code) });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
