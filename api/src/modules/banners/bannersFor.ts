import { randomUUID } from 'node:crypto';
import { BANNER_PLACEMENTS, type BirthdayBanner, type ServedBanner, type Tier } from '@fable/contracts';
import { cachedJson, type Cache } from '../../infra/cache/cache';
import type { Database } from '../../infra/db/database';
import { currentPromotions } from '../billing/promotions/promotions';
import { findAppSettings } from '../settings/appSettingsRepository';
import { scheduledBanners, type ScheduledBanner } from './bannerRepository';

/** Who looks at a screen: their application, and their tier (null for a guest). */
export interface Viewer {
  applicationId: string;
  tier: Tier | null;
}

/**
 * Every screen of every visitor asks: the schedule is read once a while, under a key that names its version; an admin's
 * change sets a new version (a read that raced the change fills the old key, which nobody reads again).
 */
const VERSION_KEY = 'banners:schedule:version';
const CACHE_SECONDS = 30;

export async function forgetSchedule(cache: Cache): Promise<void> {
  await cache.set(VERSION_KEY, randomUUID());
}

/** The banners running or to come, from the cache. */
export async function scheduleOf(db: Database, cache: Cache, now: Date): Promise<ScheduledBanner[]> {
  const version = (await cache.get(VERSION_KEY)) ?? 'initial';
  return cachedJson(cache, `banners:schedule:${version}`, CACHE_SECONDS, () => scheduledBanners(db, now));
}

export function shows(b: ScheduledBanner, viewer: Viewer, screen: string, now: Date): boolean {
  const t = b.targeting;
  return (
    Date.parse(b.starts_at) <= now.getTime() &&
    (b.ends_at === null || Date.parse(b.ends_at) > now.getTime()) &&
    (t.applications.length === 0 || t.applications.includes(viewer.applicationId)) &&
    (t.signed_in === 'everyone' || (t.signed_in === 'members') === (viewer.tier !== null)) &&
    (t.tiers.length === 0 || (viewer.tier !== null && t.tiers.includes(viewer.tier))) &&
    (t.screens.length === 0 || t.screens.includes(screen))
  );
}

/** The banners a viewer sees on a screen now: top ones first, then inline, then the one popup (the first made). */
export async function bannersFor(db: Database, cache: Cache, viewer: Viewer, screen: string, now: Date): Promise<ServedBanner[]> {
  const schedule = await scheduleOf(db, cache, now);
  const seen = schedule.filter((b) => shows(b, viewer, screen, now)).map((b) => b.banner);
  const placed = BANNER_PLACEMENTS.flatMap((placement) => seen.filter((b) => b.placement === placement));
  const popup = placed.findIndex((b) => b.placement === 'popup');
  return popup < 0 ? placed : placed.slice(0, popup + 1);
}

/** The birthday banner (document 1 §2): while the application's birthday sale runs, unless it disabled sales banners. */
export async function birthdayBannerFor(db: Database, cache: Cache, applicationId: string, now: Date): Promise<BirthdayBanner | null> {
  const sale = await cachedJson(cache, `banners:birthday:${applicationId}`, CACHE_SECONDS, async () => {
    const settings = await findAppSettings(db, applicationId);
    if (!settings || settings.notification.salesBannerDisabled) return { sale: null };
    const birthday = (await currentPromotions(db, applicationId, now)).find((p) => p.kind === 'birthday');
    return { sale: birthday ? { title: birthday.title, starts_at: birthday.starts_at, ends_at: birthday.ends_at } : null };
  });
  const s = sale.sale;
  return s && Date.parse(s.starts_at) <= now.getTime() && Date.parse(s.ends_at) > now.getTime() ? { title: s.title, ends_at: s.ends_at } : null;
}
