import type { ContentClassifier, ModeratedText, TextSignals } from './contentClassifier';

/**
 * The embedded classifier: word lists and patterns (English), no model, no network. Deliberately narrow, so that a
 * save is refused only on clear words; what it misses is for people (reports, manual review) or a real classifier
 * (MODERATION_URL). Words match whole (Unicode letters and digits around them do not count as a match), case and
 * width folded (NFKC), with invisible characters removed and "_", "-", "." or spaces inside phrases alike.
 *
 * Left out on purpose, for their everyday meanings in stories: "sex" alone ("Sex: Female" in card sheets), "sexy",
 * "fuck" (swearing), "dick" (a name), "minor" ("a minor wound"), "baby" (a pet name), "teen" (18 and 19).
 */

/** Sexual content. */
export const EXPLICIT_TERMS = [
  'have sex', 'has sex', 'having sex', 'had sex', 'sex with', 'sexual intercourse', 'sexual acts', 'sexual act',
  'sexually explicit', 'sexual content', 'intercourse', 'porn', 'porno', 'pornographic', 'pornography', 'hentai',
  'erotic', 'erotica', 'smut', 'nsfw', 'lewd', 'horny', 'nude', 'nudes', 'naked', 'orgasm', 'orgasms', 'cum',
  'cumming', 'cock', 'cocks', 'penis', 'vagina', 'pussy', 'clit', 'clitoris', 'blowjob', 'handjob', 'fellatio',
  'cunnilingus', 'masturbate', 'masturbates', 'masturbating', 'masturbation', 'genitals', 'boobs', 'tits', 'nipples',
  'bdsm',
] as const;

/** Words that only mean sexualised minors. */
export const SEXUALIZED_MINOR_TERMS = [
  'loli', 'lolis', 'lolicon', 'shota', 'shotas', 'shotacon', 'jailbait', 'pedo', 'pedophile', 'pedophilia',
  'paedophile', 'paedophilia', 'child porn',
] as const;

/** A child or a minor. */
export const MINOR_TERMS = [
  'child', 'children', 'kid', 'kids', 'toddler', 'toddlers', 'infant', 'preteen', 'pre teen', 'prepubescent',
  'underage', 'under age', 'underaged', 'kindergarten', 'kindergartener', 'elementary school', 'elementary schooler',
  'middle school', 'middle schooler', 'grade schooler', 'little girl', 'little boy',
] as const;

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
};

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrase = (term: string) => term.split(' ').map(escape).join('[\\s_.-]+');
const wordList = (terms: readonly string[]) =>
  new RegExp(`${B}(?:${[...terms].sort((a, b) => b.length - a.length).map(phrase).join('|')})${E}`, 'iu');

const EXPLICIT = wordList(EXPLICIT_TERMS);
const SEXUALIZED_MINORS = wordList(SEXUALIZED_MINOR_TERMS);
const MINORS = wordList(MINOR_TERMS);

const AGE_NUMBER = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
/** "16 years old", "16-year-old", "sixteen year old", "16 yo", "16 y/o", "age: 16", "aged 16", "age is 16". */
const AGE_PATTERNS = [
  new RegExp(`${B}${AGE_NUMBER}[\\s-]*(?:years?|yrs?|yr)[\\s-]*old${E}`, 'giu'),
  new RegExp(`${B}(\\d{1,3})[\\s-]*(?:y\\/o|y\\.o\\.?|yo)(?![\\p{L}\\p{N}])`, 'giu'),
  new RegExp(`${B}aged?\\s*(?:[:=-]|is|of)?\\s*(\\d{1,3})${E}(?![.,]\\d)`, 'giu'),
];

const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/** The text as the rules read it: NFKC (wide letters, ligatures), no invisible characters, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

function statedAgeUnder18(text: string): string | null {
  for (const pattern of AGE_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const raw = match[1] ?? '';
      const age = NUMBER_WORDS[raw] ?? Number(raw);
      if (Number.isInteger(age) && age >= 1 && age < 18) return 'stated_age_under_18';
    }
  }
  return null;
}

const matchRule = (pattern: RegExp, text: string, rule: string): string | null => (pattern.test(text) ? rule : null);

function classifyText({ field, text }: ModeratedText): TextSignals {
  const folded = foldText(text);
  return {
    field,
    explicit: matchRule(EXPLICIT, folded, 'explicit_terms'),
    sexualMinors: matchRule(SEXUALIZED_MINORS, folded, 'sexualized_minor_terms'),
    minor: matchRule(MINORS, folded, 'minor_terms'),
    ageUnder18: statedAgeUnder18(folded),
  };
}

export function createRuleBasedClassifier(): ContentClassifier {
  return {
    name: 'rules',
    classify: async (texts) => texts.map(classifyText),
  };
}
