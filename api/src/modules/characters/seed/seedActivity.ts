import { DAY_MS, type CatalogContext } from './catalogContext';
import type { SeedActivity, SeedCharacter } from './catalogTypes';
import { Random } from './random';

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Daily activity of a public character from the first day of the month before `now` to the day of `now`: its
 * num_messages_24h on the day of `now`, and the share of its other messages (and favourites) that falls in the
 * window, in a few rows on distinct days (more rows for busier characters). Nothing for other visibilities.
 */
export function dailyActivity(ctx: CatalogContext, c: SeedCharacter): SeedActivity[] {
  const { seed, now, nowMs } = ctx;
  if (c.visibility !== 'public' || c.num_messages === 0) return [];
  const r = new Random(seed, `activity:${c.id}`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const createdMs = c.created_at.getTime();
  const createdDay = Date.UTC(c.created_at.getUTCFullYear(), c.created_at.getUTCMonth(), c.created_at.getUTCDate());
  const firstDay = Math.max(windowStart, createdDay);
  // Whole days in the window before today.
  const pastDays = Math.max(0, Math.round((today - firstDay) / DAY_MS));
  const rows: SeedActivity[] = [];
  const todayMessages = pastDays === 0 ? c.num_messages : c.num_messages_24h;
  if (todayMessages > 0) rows.push({ character_id: c.id, day: dayText(today), messages: todayMessages, favorites: 0 });
  if (pastDays === 0) return rows;

  // The share of the older messages that falls in the window: all of them for a character born in it, otherwise
  // the window's part of its life, leaning a little towards recent days.
  const ageDays = Math.max(1, (nowMs - createdMs) / DAY_MS);
  const share = createdDay >= windowStart ? 1 : Math.min(1, (pastDays / ageDays) * (1 + 0.5 * r.next()));
  const messages = Math.floor((c.num_messages - c.num_messages_24h) * share);
  const favorites = Math.floor(c.num_favorites * share);
  if (messages === 0 && favorites === 0) return rows;
  // One row for most characters, two or three for busy ones: about 1.5 rows per public character in all.
  const count = Math.min(pastDays, messages < 300 ? 1 : messages < 30_000 ? 2 : 3);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(r.int(0, pastDays - 1));
  const offsets = [...picked].sort((a, b) => a - b);
  const weights = offsets.map(() => 0.2 + r.next());
  const total = weights.reduce((sum, w) => sum + w, 0);
  let messagesLeft = messages;
  let favoritesLeft = favorites;
  offsets.forEach((offset, i) => {
    const last = i === offsets.length - 1;
    const m = last ? messagesLeft : Math.floor((messages * weights[i]!) / total);
    const f = last ? favoritesLeft : Math.floor((favorites * weights[i]!) / total);
    messagesLeft -= m;
    favoritesLeft -= f;
    if (m > 0 || f > 0) rows.push({ character_id: c.id, day: dayText(firstDay + offset * DAY_MS), messages: m, favorites: f });
  });
  return rows;
}
