/** Named entities that matter for reading user text (and for spotting obfuscated links); others stay as written. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  period: '.',
  colon: ':',
  semi: ';',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  lbrack: '[',
  rsqb: ']',
  rbrack: ']',
  commat: '@',
  num: '#',
  percnt: '%',
  equals: '=',
  plus: '+',
  excl: '!',
  quest: '?',
  lowbar: '_',
  verbar: '|',
  Tab: '\t',
  NewLine: '\n',
};

const ENTITY = /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([a-zA-Z]+);)/g;

function fromCodePoint(code: number): string {
  const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
  return String.fromCodePoint(invalid ? 0xfffd : code);
}

/** Decodes numeric (`&#46;`, `&#x2e;`, with or without `;`) and the common named HTML entities, once. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return (name !== undefined && NAMED_ENTITIES[name]) || whole;
  });
}
