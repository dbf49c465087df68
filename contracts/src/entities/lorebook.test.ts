import { LorebookCreateSchema, LorebookEntryInputSchema, LorebookSchema } from './lorebook';

const entry = { name: 'The Keep', keywords: ['keep', 'castle'], content: 'An old fortress on the hill.' };
const lorebook = {
  name: 'Old Kingdom',
  description: 'Lore of the old kingdom',
  avatar_url: '/uploads/l.png',
  tags: ['Fantasy', 'History'],
  entries: [entry],
  guidelines: true,
};
const messagesOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('lorebook entry', () => {
  it('accepts a valid entry', () => {
    expect(LorebookEntryInputSchema.safeParse(entry).success).toBe(true);
  });
  it('uses the verbatim messages', () => {
    expect(messagesOf(LorebookEntryInputSchema.safeParse({ ...entry, keywords: ['one'] }))).toEqual(['At least 2 keyword is required']);
    expect(messagesOf(LorebookEntryInputSchema.safeParse({ ...entry, name: 'x'.repeat(51) }))).toEqual(['Name must be 50 characters or less']);
    expect(messagesOf(LorebookEntryInputSchema.safeParse({ ...entry, content: 'x'.repeat(1001) }))).toEqual([
      'Content must be 1000 characters or less',
    ]);
    expect(messagesOf(LorebookEntryInputSchema.safeParse({ ...entry, content: '' }))).toEqual(['This field is required']);
  });
  it('allows at most 12 keywords of at most 100 characters', () => {
    expect(LorebookEntryInputSchema.safeParse({ ...entry, keywords: Array.from({ length: 13 }, (_, i) => `k${i}`) }).success).toBe(false);
    expect(LorebookEntryInputSchema.safeParse({ ...entry, keywords: ['ok', 'k'.repeat(101)] }).success).toBe(false);
  });
});

describe('lorebook create', () => {
  it('accepts a valid lorebook', () => {
    expect(LorebookCreateSchema.safeParse(lorebook).success).toBe(true);
  });
  it('needs 1 entry, 2 tags and the guidelines agreement', () => {
    expect(messagesOf(LorebookCreateSchema.safeParse({ ...lorebook, entries: [], tags: ['One'], guidelines: false }))).toEqual([
      'At least 2 tags are required',
      'At least 1 entry is required',
      'You must agree to the community guidelines',
    ]);
  });
  it('limits the name to 25, the description to 100 and entries to 100', () => {
    expect(LorebookCreateSchema.safeParse({ ...lorebook, name: 'x'.repeat(26) }).success).toBe(false);
    expect(LorebookCreateSchema.safeParse({ ...lorebook, description: 'x'.repeat(101) }).success).toBe(false);
    expect(LorebookCreateSchema.safeParse({ ...lorebook, entries: Array.from({ length: 101 }, () => entry) }).success).toBe(false);
  });
});

it('a stored lorebook may come without its entries', () => {
  const { entries: _e, guidelines: _g, ...rest } = lorebook;
  expect(LorebookSchema.safeParse({ ...rest, id: 'l1', creator_username: 'maker', num_entries: 3 }).success).toBe(true);
});
