import { CardExportQuerySchema, CardImportQuerySchema, CardImportResultSchema, cardCalls } from './cards';

describe('card call contracts', () => {
  it('exports PNG unless another format is asked, and only the three formats', () => {
    expect(CardExportQuerySchema.parse({})).toEqual({ format: 'png' });
    expect(CardExportQuerySchema.parse({ format: 'charx' })).toEqual({ format: 'charx' });
    expect(CardExportQuerySchema.safeParse({ format: 'gif' }).success).toBe(false);
    expect(CardImportQuerySchema.safeParse({ filename: 'x'.repeat(256) }).success).toBe(false);
  });

  it('tells a character from a lorebook by kind, keeping card_extras and the lorebook as they are', () => {
    const character = {
      kind: 'character',
      character: { name: 'Aria', title: 'A bard', persona: 'Sings.', greeting: 'Hello!', scenario: null, dialogue: null, tags: [] },
      card_extras: { version: 1, data: { character_book: { entries: [{ keys: ['k'], extensions: { x: 1 } }] } } },
      warnings: [],
      cut: [{ field: 'name', from: 30, to: 20 }],
      dropped: [],
      avatar: null,
    };
    expect(CardImportResultSchema.parse(character)).toEqual(character);
    const lorebook = { kind: 'lorebook', lorebook: { name: 'Atlas', entries: [], extensions: { y: 2 } }, entry_count: 0, warnings: [] };
    expect(CardImportResultSchema.parse(lorebook)).toEqual(lorebook);
    expect(CardImportResultSchema.safeParse({ ...lorebook, kind: 'character' }).success).toBe(false);
  });

  it('imports as a member and exports for guests too', () => {
    expect(cardCalls.importCard).toMatchObject({ method: 'POST', path: '/characters/import', access: 'member' });
    expect(cardCalls.exportCard).toMatchObject({ method: 'GET', path: '/characters/:characterId/export', access: 'guest' });
  });
});
