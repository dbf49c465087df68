import { randomUUID } from 'node:crypto';
import type { Cache } from '../../infra/cache/cache';

/**
 * The version of an application's catalog as the caches see it: answers that list characters (search, creator
 * pages, recommendations) are cached under it, and a change to what they show (a chatbot created, edited, deleted,
 * or a moderator's decision) moves it, so the next call computes afresh instead of serving a cached answer for up
 * to its lifetime (search 300 s, recommendations 20 minutes).
 */
const key = (applicationId: string) => `catalog:version:${applicationId}`;

/** The current version ('0' until the first change). */
export async function catalogVersion(cache: Cache, applicationId: string): Promise<string> {
  return (await cache.get(key(applicationId))) ?? '0';
}

/** Moves the version: every answer cached under the old one is left to expire. */
export async function bumpCatalogVersion(cache: Cache, applicationId: string, now: Date): Promise<void> {
  await cache.set(key(applicationId), `${now.getTime().toString(36)}.${randomUUID().slice(0, 8)}`);
}
