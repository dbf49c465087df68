// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; every project that reaches this file (api, scripts) needs the declaration
/// <reference path="./wink-porter2-stemmer.d.ts" />
import stem from 'wink-porter2-stemmer';

/**
 * The terms of a text for the lexical ranking: lower-cased words (letters and digits, any script), English stop
 * words left out, each reduced to its Porter2 stem (wink-porter2-stemmer), so "sisters" meets "sister" and
 * "promised" meets "promise". Words of other languages pass through unstemmed.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves im ive id ill youre dont doesnt didnt cant wont isnt arent wasnt yes ok ' +
    'oh yeah well really also still even tell told ask asked say said know think thing things got get like just'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/['’]/g, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    terms.push(/^[a-z]+$/.test(word) ? stem(word) : word);
  }
  return terms;
}

/** Term counts of a text. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of termsOf(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}
