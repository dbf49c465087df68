import type { AdminBanner, BannerTargeting } from '@fable/contracts';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';

const T = ADMIN_BANNERS_TEXTS;
const W = T.targeting;

/** A time in the viewer's local time zone ("2 Jan 2030, 10:00"). */
export const localTime = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a banner runs, in the viewer's local time. */
export function whenOf({ starts_at, ends_at }: Pick<AdminBanner, 'starts_at' | 'ends_at'>): string {
  return ends_at === null ? T.when.from(localTime(starts_at)) : T.when.range(localTime(starts_at), localTime(ends_at));
}

/** "a", "a or b", "a, b or c". */
export function joinWords(words: readonly string[], last: string): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/**
 * Who sees a banner, where, in words: "Members on the Basic or Premium tiers, in every application, on the home and
 * chats screens." Tiers only ever match members (guests have none), whatever the signed-in choice.
 */
export function targetingInWords(t: BannerTargeting): string {
  const who =
    t.tiers.length > 0
      ? W.membersOn(joinWords(t.tiers.map((tier) => T.tiers[tier]), W.or), t.tiers.length)
      : t.signed_in === 'guests'
        ? W.guests
        : t.signed_in === 'members'
          ? W.members
          : W.everyone;
  const apps = t.applications.length === 0 ? W.everyApp : W.apps(joinWords(t.applications, W.and));
  const screens = t.screens.length === 0 ? W.everyScreen : W.screens(joinWords(t.screens, W.and), t.screens.length);
  return `${who}, ${apps}, ${screens}.`;
}
