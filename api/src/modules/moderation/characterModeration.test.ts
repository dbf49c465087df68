import type { ContentClassifier } from './contentClassifier';
import { reviewCharacter, type ModerationSubject } from './characterModeration';
import { createRuleBasedClassifier } from './ruleBasedClassifier';

const rules = createRuleBasedClassifier();
const subject = (over: Partial<ModerationSubject> = {}): ModerationSubject => ({
  name: 'Aria',
  title: 'A wandering bard',
  greeting: 'Hello, traveller!',
  persona: 'Cheerful and curious.',
  scenario: null,
  dialogue: null,
  tags: ['Fantasy', 'Female'],
  is_nsfw: false,
  avatar_is_nsfw: false,
  ...over,
});
const nsfwProduct = { nsfwAllowed: true };
const sfwProduct = { nsfwAllowed: false };
const codes = async (s: ModerationSubject, ctx = nsfwProduct) => (await reviewCharacter(rules, s, ctx)).findings.map((f) => [f.code, f.field]);

describe('the automatic checks of a chatbot', () => {
  it('pass a plain chatbot, on any product', async () => {
    expect(await reviewCharacter(rules, subject(), nsfwProduct)).toEqual({ linkIssues: [], findings: [], markNsfw: false });
    expect(await reviewCharacter(rules, subject(), sfwProduct)).toEqual({ linkIssues: [], findings: [], markNsfw: false });
  });

  it('refuse links in every text field and tag, with the field’s message', async () => {
    const outcome = await reviewCharacter(rules, subject({ scenario: 'Find me at example.com', tags: ['Fantasy', 'discord.gg/x'] }), nsfwProduct);
    expect(outcome.linkIssues).toEqual([
      { path: 'body.scenario', message: 'Scenario should not contain any url/link' },
      { path: 'body.tags.1', message: 'Tags should not contain any url/link' },
    ]);
  });

  it('1213: sexualised minors, on any chatbot', async () => {
    expect(await codes(subject({ tags: ['Loli', 'Fantasy'] }))).toEqual([[1213, 'tags']]);
  });

  it('1214 and 1215: an age under 18 or a child in a sexual chatbot only', async () => {
    expect(await codes(subject({ persona: 'She is 16 years old.' }))).toEqual([]);
    expect(await codes(subject({ persona: 'She is 16 years old.', is_nsfw: true }))).toEqual([[1214, 'persona']]);
    expect(await codes(subject({ persona: 'She is 16 years old and naked.' }))).toEqual([[1214, 'persona']]);
    expect(await codes(subject({ scenario: 'Babysitting the kids.' }))).toEqual([]);
    expect(await codes(subject({ scenario: 'Babysitting the kids.', avatar_is_nsfw: true }))).toEqual([[1215, 'scenario']]);
  });

  it('1212 and 1203: explicit text or an NSFW mark where the product allows no NSFW', async () => {
    expect(await codes(subject({ greeting: 'Let us have sex.' }), sfwProduct)).toEqual([[1212, 'greeting']]);
    expect(await codes(subject({ is_nsfw: true, avatar_is_nsfw: true }), sfwProduct)).toEqual([
      [1203, 'is_nsfw'],
      [1203, 'avatar_is_nsfw'],
    ]);
    expect(await codes(subject({ greeting: 'Let us have sex.', is_nsfw: true }), nsfwProduct)).toEqual([]);
  });

  it('report underage before explicit', async () => {
    expect((await codes(subject({ persona: 'A loli who likes porn.' }), sfwProduct)).map(([c]) => c)).toEqual([1213, 1212]);
  });

  it('mark a chatbot NSFW when its text is explicit and the product allows it', async () => {
    expect((await reviewCharacter(rules, subject({ persona: 'Very lewd.' }), nsfwProduct)).markNsfw).toBe(true);
    expect((await reviewCharacter(rules, subject({ persona: 'Very lewd.', is_nsfw: true }), nsfwProduct)).markNsfw).toBe(false);
  });

  it('take the signals from whichever classifier is given', async () => {
    const flagged: ContentClassifier = {
      name: 'fake',
      classify: async (texts) => texts.map((t) => ({ field: t.field, explicit: null, sexualMinors: t.field === 'title' ? 'sexual/minors' : null, minor: null, ageUnder18: null })),
    };
    const outcome = await reviewCharacter(flagged, subject(), nsfwProduct);
    expect(outcome.findings).toEqual([{ code: 1213, kind: 'underage', field: 'title', rule: 'sexual/minors' }]);
  });
});
