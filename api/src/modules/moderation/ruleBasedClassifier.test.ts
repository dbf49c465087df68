import type { TextSignals } from './contentClassifier';
import { createRuleBasedClassifier } from './ruleBasedClassifier';

const classifier = createRuleBasedClassifier();
const signals = async (text: string): Promise<Omit<TextSignals, 'field'>> => {
  const [s] = await classifier.classify([{ field: 'persona', text }]);
  const { field: _f, ...rest } = s!;
  return rest;
};
const none = { explicit: null, sexualMinors: null, minor: null, ageUnder18: null };

describe('the embedded rule-based classifier', () => {
  it('sees explicit terms, whole words only, whatever the case or width', async () => {
    expect((await signals('They HAVE SEX in the barn')).explicit).toBe('explicit_terms');
    expect((await signals('a Ｈｅｎｔａｉ fan')).explicit).toBe('explicit_terms');
    expect((await signals('she is naked')).explicit).toBe('explicit_terms');
    expect((await signals('por\u200bn')).explicit).toBe('explicit_terms');
    for (const text of ['Sex: Female', 'sexy smile', 'what the fuck', 'Dick Grayson', 'cocktail party', 'a nudist beach? no', 'Essex']) {
      expect(await signals(text)).toEqual(none);
    }
  });

  it('sees sexualised-minor terms and plain mentions of children apart', async () => {
    expect((await signals('a loli character')).sexualMinors).toBe('sexualized_minor_terms');
    expect((await signals('She is a SHOTA fan')).sexualMinors).toBe('sexualized_minor_terms');
    expect((await signals('she has two kids')).minor).toBe('minor_terms');
    expect((await signals('a middle-school teacher')).minor).toBe('minor_terms');
    for (const text of ['just kidding', 'her childhood friend', 'a minor wound', 'hey baby', 'Lolita Street? no, Lola']) {
      expect((await signals(text)).minor).toBeNull();
      expect((await signals(text)).sexualMinors).toBeNull();
    }
  });

  it('sees stated ages under 18 only', async () => {
    for (const text of ['She is 16 years old.', 'a 15-year-old', 'fourteen year old', 'Age: 17', 'aged 12', '13 y/o', '16yo']) {
      expect((await signals(text)).ageUnder18).toBe('stated_age_under_18');
    }
    for (const text of ['She is 18 years old.', 'Age: 25', 'a 1000-year-old dragon', 'page 12', '5 years of war', 'Age: 1000', 'aged 21']) {
      expect((await signals(text)).ageUnder18).toBeNull();
    }
  });

  it('answers one result per text, in order', async () => {
    const result = await classifier.classify([
      { field: 'name', text: 'Aria' },
      { field: 'tags', text: 'Fantasy, Loli' },
    ]);
    expect(result.map((r) => [r.field, r.sexualMinors])).toEqual([
      ['name', null],
      ['tags', 'sexualized_minor_terms'],
    ]);
  });
});
