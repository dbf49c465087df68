import { CharacterSchema, LorebookSchema } from '@fable/contracts';
import { toCharacter } from '../characterRow';
import { createCatalogGenerator, SEED_SHARES, type CatalogOptions, type SeedCharacter } from './catalogGenerator';

/** The tag options migration 001 seeds for every application. */
const TAG_OPTIONS = [
  'Female', 'Male', 'Non-Binary', 'Fantasy', 'Romance', 'Adventure', 'Drama', 'Comedy', 'Horror', 'Mystery', 'Sci-Fi',
  'Slice of Life', 'Action', 'Historical', 'Supernatural', 'Anime', 'Game', 'Movies & TV', 'Books', 'Mythology', 'Magic',
  'Royalty', 'Knight', 'Elf', 'Vampire', 'Werewolf', 'Demon', 'Angel', 'Monster', 'Robot', 'Cyberpunk', 'Steampunk',
  'Post-Apocalyptic', 'Dystopian', 'Superhero', 'Villain', 'Detective', 'Mafia', 'Office', 'College', 'Sports', 'Wholesome',
  'Dominant', 'Submissive', 'Yandere', 'Tsundere', 'Step-Family', 'Multiple Characters', 'RPG', 'OC',
];

const NOW = new Date('2026-11-01T12:00:00.000Z');
const options: CatalogOptions = {
  seed: 7,
  characters: 5000,
  now: NOW,
  applications: [
    { id: 'fable', weight: 7, tagOptions: TAG_OPTIONS },
    { id: 'tales', weight: 2, tagOptions: TAG_OPTIONS },
    { id: 'storynest', weight: 1, tagOptions: TAG_OPTIONS.filter((t) => t !== 'Anime') },
  ],
};

const SAMPLE = 5000;
const generator = createCatalogGenerator(options);
const characters: SeedCharacter[] = Array.from({ length: SAMPLE }, (_, i) => generator.character(i));

const share = (predicate: (c: SeedCharacter) => boolean) => characters.filter(predicate).length / SAMPLE;
const textOf = (c: SeedCharacter) =>
  [c.name, c.title, c.description, c.persona, c.scenario ?? '', c.greeting, c.dialogue ?? '', ...Object.values(c.title_i18n)].join('\n');

/** Words that make a character's age ambiguous; none may appear on an NSFW character. */
const AGE_AMBIGUOUS = /\b(girls?|boys?|teens?|teenagers?|young|youthful|kids?|child|children|minors?|underage|loli|shota|little|petite|tiny|small|students?|school|schoolgirl|college|classmates?|daughter|son|baby|innocent)\b/i;

describe('catalog generator', () => {
  it('is deterministic: the same options give the same catalog, item by item and in any order', () => {
    const again = createCatalogGenerator(options);
    expect(again.character(4321)).toEqual(characters[4321]);
    expect(again.character(0)).toEqual(characters[0]);
    expect(again.lorebook(2)).toEqual(generator.lorebook(2));
    expect(again.creator(3)).toEqual(generator.creator(3));
    const other = createCatalogGenerator({ ...options, seed: 8 });
    expect(other.character(0).id).not.toBe(characters[0]!.id);
    expect(other.character(0).name + other.character(1).name).not.toBe(characters[0]!.name + characters[1]!.name);
  });

  it('gives unique ids and unique lower-case creator usernames', () => {
    expect(new Set(characters.map((c) => c.id)).size).toBe(SAMPLE);
    const creators = Array.from({ length: generator.creatorCount }, (_, k) => generator.creator(k));
    expect(new Set(creators.map((c) => c.username)).size).toBe(creators.length);
    for (const c of creators) {
      expect(c.username).toMatch(/^[a-z0-9_]{3,20}$/);
      expect(c.display_name.length).toBeLessThanOrEqual(20);
    }
  });

  it('produces characters that satisfy the contracts CharacterSchema', () => {
    for (const c of characters) {
      const parsed = CharacterSchema.safeParse(toCharacter(c, c.lorebook_ids.map((id) => ({ id, name: 'Lore' }))));
      if (!parsed.success) throw new Error(`character ${c.id}: ${parsed.error.message}`);
    }
  });

  // The rules are checked for every one of the 5,000 characters and the broken ones listed at once: an expect per rule
  // per character (100,000 calls) took 20 s of the suite's time.
  it('keeps the form rules: names 3-20, titles 3-100, 2 to 12 tags from the application, definitions within limits', () => {
    const tagsOf = new Map(options.applications.map((a) => [a.id, new Set(a.tagOptions)]));
    const between = (n: number, min: number, max: number) => n >= min && n <= max;
    const broken = characters.flatMap((c) => {
      const rules: [string, boolean][] = [
        ['name of 3 to 20 characters', between(c.name.length, 3, 20)],
        ['title of 3 to 100 characters', between(c.title.length, 3, 100)],
        ['2 to 12 tags', between(c.tags.length, 2, 12)],
        ['tags of its application', c.tags.every((tag) => tagsOf.get(c.application_id)!.has(tag))],
        ['no Step-Family tag', !c.tags.includes('Step-Family')],
        ['a greeting of 3 characters or more', c.greeting.length >= 3],
        ['a persona of 3 characters or more', c.persona.length >= 3],
        ['an avatar under /api/avatars/', /^\/api\/avatars\/[a-z0-9-]+\.svg$/.test(c.avatar_url ?? '')],
        ['a lower-case creator username', c.creator_username === c.creator_username.toLowerCase()],
        ['a definition shown only when public', !(c.definition_visible && c.visibility !== 'public')],
        ['no more messages in 24 hours than in all', c.num_messages_24h <= c.num_messages],
        ['a rating score exactly when rated', (c.rating_score === null) === (c.rating_count === 0)],
      ];
      return rules.filter(([, holds]) => !holds).map(([rule]) => `${c.id}: ${rule}`);
    });
    expect(broken).toEqual([]);
  });

  it('spreads dates over the last 12 months, with updatedAt between createdAt and now', () => {
    const yearAgo = NOW.getTime() - 366 * 86_400_000;
    for (const c of characters) {
      expect(c.created_at.getTime()).toBeGreaterThanOrEqual(yearAgo);
      expect(c.updated_at.getTime()).toBeGreaterThanOrEqual(c.created_at.getTime());
      expect(c.updated_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const months = new Set(characters.map((c) => c.created_at.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
  });

  it('has about 15% NSFW, a ~80/10/10 visibility mix and mostly English among several languages', () => {
    expect(share((c) => c.is_nsfw)).toBeGreaterThan(SEED_SHARES.nsfw - 0.03);
    expect(share((c) => c.is_nsfw)).toBeLessThan(SEED_SHARES.nsfw + 0.03);
    expect(share((c) => c.visibility === 'public')).toBeGreaterThan(0.77);
    expect(share((c) => c.visibility === 'public')).toBeLessThan(0.83);
    expect(share((c) => c.visibility === 'hidden')).toBeGreaterThan(0.08);
    expect(share((c) => c.visibility === 'hidden')).toBeLessThan(0.12);
    expect(share((c) => c.visibility === 'private' || c.visibility === 'permanently_private')).toBeGreaterThan(0.08);
    expect(share((c) => c.visibility === 'private' || c.visibility === 'permanently_private')).toBeLessThan(0.12);
    expect(share((c) => c.language === 'en')).toBeGreaterThan(0.65);
    expect(share((c) => c.language === 'en')).toBeLessThan(0.75);
    const languages = new Set(characters.map((c) => c.language));
    for (const lang of ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko']) expect(languages).toContain(lang);
    expect(share((c) => c.translated_languages.length > 0)).toBeGreaterThan(0.03);
    expect(share((c) => c.application_id === 'fable')).toBeGreaterThan(0.6);
  });

  it('has long-tailed message counts: a low median, a few very popular characters', () => {
    const counts = characters.filter((c) => c.visibility === 'public').map((c) => c.num_messages).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)]!;
    const top = counts[counts.length - 1]!;
    expect(median).toBeGreaterThan(10);
    expect(median).toBeLessThan(2_000);
    expect(top).toBeGreaterThan(median * 500);
  });

  it('describes every NSFW character as an adult, with no age-ambiguous wording', () => {
    const nsfw = characters.filter((c) => c.is_nsfw);
    expect(nsfw.length).toBeGreaterThan(0);
    for (const c of nsfw) {
      expect(c.tags).not.toContain('College');
      if (c.language === 'en') {
        const text = textOf(c);
        const match = AGE_AMBIGUOUS.exec(text);
        if (match) throw new Error(`NSFW character ${c.id} says "${match[0]}": ${text}`);
        expect(c.persona).toMatch(/\b[2-4]\d-year-old\b/);
      } else {
        // Localized characters state the adult age in their own language ("Tiene 27 años.", "27歳。").
        expect(c.persona).toMatch(/(^|\D)[2-4]\d(\D|$)/);
      }
    }
  });

  it('never uses a negative keyword of the app settings', () => {
    const negative = /\b(underage|minor|child|kid|teen|highschool|high school|loli|shota|incest)\b/i;
    for (const c of characters) expect(negative.test(textOf(c))).toBe(false);
  });

  it('gives public characters daily activity over the last two months, consistent with their counts', () => {
    const today = NOW.toISOString().slice(0, 10);
    // The window starts on the first day of the month before NOW (2026-10-01).
    const windowStart = '2026-10-01';
    let rows = 0;
    const previousMonthByCreator = new Map<string, number>();
    const broken: string[] = [];
    const check = (c: SeedCharacter, rule: string, holds: boolean) => {
      if (!holds) broken.push(`${c.id}: ${rule}`);
    };
    for (const c of characters) {
      const activity = generator.activity(c);
      check(c, 'the same activity when asked again', JSON.stringify(generator.activity(c)) === JSON.stringify(activity));
      if (c.visibility !== 'public') {
        check(c, 'no activity unless public', activity.length === 0);
        continue;
      }
      rows += activity.length;
      check(c, 'a row a day', new Set(activity.map((a) => a.day)).size === activity.length);
      const created = c.created_at.toISOString().slice(0, 10);
      let messages = 0;
      let favorites = 0;
      for (const a of activity) {
        check(c, `${a.day}: its own id`, a.character_id === c.id);
        check(c, `${a.day}: within the window`, a.day >= windowStart && a.day <= today);
        check(c, `${a.day}: not before its creation`, a.day >= created);
        check(c, `${a.day}: messages or favorites`, a.messages > 0 || a.favorites > 0);
        check(c, `${a.day}: no negative favorites`, a.favorites >= 0);
        messages += a.messages;
        favorites += a.favorites;
        if (a.day < '2026-11-01') previousMonthByCreator.set(c.creator_user_id, (previousMonthByCreator.get(c.creator_user_id) ?? 0) + a.messages);
      }
      check(c, 'no more messages by day than in all', messages <= c.num_messages);
      check(c, 'no more favorites by day than in all', favorites <= c.num_favorites);
      // The last 24 hours are today's row (all of it for a character created today).
      const todays = activity.find((a) => a.day === today)?.messages ?? 0;
      check(c, "today's row is the last 24 hours", todays === (created === today ? c.num_messages : c.num_messages_24h));
      // A character born in the window has all its messages there.
      if (created >= windowStart) check(c, 'born in the window: all its messages there', messages === c.num_messages);
    }
    expect(broken).toEqual([]);
    const publicCount = characters.filter((c) => c.visibility === 'public').length;
    // Cheap enough for 300,000 characters: a few rows per public character at most.
    expect(rows / publicCount).toBeGreaterThan(0.5);
    expect(rows / publicCount).toBeLessThan(4);
    // Enough creators active in the previous month to fill a leaderboard.
    expect([...previousMonthByCreator.values()].filter((m) => m > 0).length).toBeGreaterThan(25);
  });

  it('generates lorebooks that satisfy the LorebookSchema, each with entries', () => {
    expect(generator.lorebookCount).toBeGreaterThanOrEqual(3);
    for (let j = 0; j < generator.lorebookCount; j++) {
      const lorebook = generator.lorebook(j);
      const parsed = LorebookSchema.safeParse({ ...lorebook, num_entries: lorebook.entries.length });
      if (!parsed.success) throw new Error(`lorebook ${lorebook.id}: ${parsed.error.message}`);
      expect(lorebook.name.length).toBeGreaterThanOrEqual(3);
      expect(lorebook.tags.length).toBeGreaterThanOrEqual(2);
      expect(lorebook.entries.length).toBeGreaterThanOrEqual(1);
      for (const entry of lorebook.entries) expect(entry.keywords.length).toBeGreaterThanOrEqual(2);
    }
    const linked = characters.filter((c) => c.lorebook_ids.length > 0);
    expect(linked.length).toBeGreaterThan(0);
  });
});
