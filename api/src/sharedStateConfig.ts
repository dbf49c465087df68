import type { AppConfig } from './config';

/**
 * What more than one API process cannot do without (README "More than one API process"): one database (each
 * process would otherwise open its own PGlite), one Redis (caches, sign-in state, rate limits, generation keys and
 * the waiting room would be per process) and one bucket (pictures would go to each process's disk). Empty when
 * `processes` is 1.
 */
export function sharedStateProblems(
  processes: number,
  { databaseUrl, redisUrl, imageStorage }: Pick<AppConfig, 'databaseUrl' | 'redisUrl' | 'imageStorage'>,
): string[] {
  if (processes <= 1) return [];
  const why = `required when API_PROCESSES is ${processes}`;
  return [
    ...(databaseUrl ? [] : [`DATABASE_URL: ${why} (each process would open its own embedded database)`]),
    ...(redisUrl ? [] : [`REDIS_URL: ${why} (caches, sign-in state, rate limits and the waiting room would be per process)`]),
    ...(imageStorage?.kind === 's3' ? [] : [`S3_BUCKET: ${why} (pictures would be written to one process's disk)`]),
  ];
}
