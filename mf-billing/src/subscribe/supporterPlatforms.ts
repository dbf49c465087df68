/**
 * The supporter platforms linked from the subscribe page (document 2 §2: "SubscribeStar, Boosty; main brand only; a
 * third external platform link is shown to subscribers from region RU"). The spec names neither their addresses nor
 * the third platform: ours. The page of each is the brand's, by its name in lower case without spaces.
 */
export interface SupporterPlatform {
  id: 'subscribestar' | 'boosty' | 'vk_donut';
  name: string;
  url: (brandSlug: string) => string;
  /** Only for viewers from these regions (ISO 3166-1 alpha-2). */
  regions?: readonly string[];
}

export const SUPPORTER_PLATFORMS: readonly SupporterPlatform[] = [
  { id: 'subscribestar', name: 'SubscribeStar', url: (slug) => `https://www.subscribestar.com/${slug}` },
  { id: 'boosty', name: 'Boosty', url: (slug) => `https://boosty.to/${slug}` },
  { id: 'vk_donut', name: 'VK Donut', url: (slug) => `https://vk.com/${slug}`, regions: ['RU'] },
];

export const brandSlug = (brandName: string) => brandName.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The viewer's region: the `country` cookie the API's edge sets (the calls carry it, document 1 §7), when the page
 * can read it; null when unknown.
 */
export function viewerRegion(cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  const match = /(?:^|;\s*)country=([A-Za-z]{2})(?:;|$)/.exec(cookie);
  return match ? match[1]!.toUpperCase() : null;
}

/** The platforms shown to a viewer of `region`. */
export function platformsFor(region: string | null): SupporterPlatform[] {
  return SUPPORTER_PLATFORMS.filter((p) => !p.regions || (region !== null && p.regions.includes(region)));
}
