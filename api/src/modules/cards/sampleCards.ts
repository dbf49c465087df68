/**
 * Cards for tests (this module's and the card routes'): V2/V3 cards written from the published specifications
 * (every field present), with the fields a test needs changed. Cards shaped like other apps' are in
 * ./testing/generatedCardData; the real files of other apps are read through ./testing/cardFixtures.
 */

/** A JSON card file's bytes (UTF-8). */
export const jsonFile = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** A V2 card as the V2 specification defines it (every field present). */
export function v2Card(data: Record<string, unknown> = {}) {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Aria',
      description: 'A wandering bard with a silver lute.',
      personality: 'cheerful, curious',
      scenario: 'A tavern at dusk.',
      first_mes: '*Aria tunes her lute.* Hello there!',
      mes_example: '<START>\n{{user}}: Hi\n{{char}}: Well met!',
      creator_notes: 'Made for testing.',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: ['fantasy', 'music'],
      creator: 'someone',
      character_version: '1.0',
      extensions: {},
      ...data,
    },
  };
}

/** A V3 card (the V2 fields plus group_only_greetings, which V3 requires). */
export function v3Card(data: Record<string, unknown> = {}) {
  return { ...v2Card(), spec: 'chara_card_v3', spec_version: '3.0', data: { ...v2Card().data, group_only_greetings: [], ...data } };
}
