import { decodeHtmlEntities } from './htmlEntities';
import { stripHtml } from './stripHtml';

/**
 * Link detection of document 1 §5: "html stripped, decoded up to 3 times, matched against the domain
 * list and dangerous schemes". Used by the character form ("Name should not contain any url/link", no
 * links in title, greeting, personality) and, through removeLinks, by card import ("strips links from
 * text fields", document 1 §3).
 *
 * The domain list is "not shown" in the spec; ours is LINK_DOMAINS: the top-level domains links are
 * posted with. A missing space after a full stop is a common typo in chat text ("I smiled.Today …"), so
 * domains that are everyday words at the start of a sentence ("today", "live", "one", "it", "in", "is",
 * "to", "no", "so", …) are left out; "me", "ly", "gg" and "io" stay in because of t.me, bit.ly, discord.gg.
 * A link with a scheme or "www." is found whatever its domain.
 */
export const LINK_DOMAINS: readonly string[] = [
  // generic
  'com', 'net', 'org', 'info', 'biz', 'xyz', 'app', 'dev', 'online', 'website', 'tech', 'blog', 'xxx',
  'onion', 'gov', 'edu', 'mobi', 'icu',
  // country domains used as generic ones (shorteners, invite links, link pages)
  'io', 'co', 'me', 'ly', 'gg', 'tv', 'cc', 'ai', 'gl', 'ws', 'fm', 'sh', 'sx', 'tk', 'ml', 'ga', 'cf', 'gq',
  'nu', 'vc', 'pw', 'ee', 'bio',
  // country domains
  'uk', 'ru', 'su', 'ua', 'de', 'fr', 'es', 'pt', 'nl', 'pl', 'cz', 'sk', 'hu', 'ro', 'bg', 'gr', 'tr', 'se',
  'fi', 'dk', 'ch', 'eu', 'ca', 'au', 'nz', 'jp', 'cn', 'kr', 'tw', 'hk', 'sg', 'br', 'ar', 'mx', 'cl', 'za',
  'il', 'ir', 'vn', 'th', 'ph', 'pk', 'ng', 'ke', 'by', 'kz', 'рф',
];

/** Schemes that run code or smuggle content when followed. */
export const DANGEROUS_SCHEMES: readonly string[] = ['javascript', 'vbscript', 'livescript', 'data', 'file'];

/** "decoded up to 3 times". */
export const LINK_DECODE_PASSES = 3;

const L = '[\\p{L}\\p{N}_-]';
/** A dot, or one written to dodge a filter: fullwidth and ideographic dots, "[.]", "(dot)", "{.}". */
const DOT = '(?:[.\\uFF0E\\u3002\\uFF61]|\\s*[\\[({]\\s*(?:\\.|dot)\\s*[\\])}]\\s*)';
const TLDS = [...LINK_DOMAINS].sort((a, b) => b.length - a.length).join('|');
/** A whole host name (what removeLinks takes out). */
const HOST = `(?<!${L})${L}+(?:${DOT}${L}+)*${DOT}(?:${TLDS})(?!${L})`;
/** Where a host name ends: enough to know there is one, and linear on long "a.a.a.a…" runs. */
const HOST_END = `${L}${DOT}(?:${TLDS})(?!${L})`;

/** Any `scheme://…` (http, https, ftp, ws, steam, discord, tg …). */
const SCHEME_URL = '(?<![\\p{L}\\p{N}+.-])[a-z][a-z0-9+.-]{0,30}:\\/\\/[^\\s<>"\']';
const WWW = `(?<!${L})www\\d{0,3}${DOT}${L}`;
/** Script schemes anywhere; `data:` only with a media type or data (not "data: it was…"); `file:` with a path. */
const SCRIPT_SCHEMES = DANGEROUS_SCHEMES.filter((s) => s !== 'data' && s !== 'file').join('|');
const DANGEROUS = `(?<![\\p{L}\\p{N}_+.-])(?:(?:${SCRIPT_SCHEMES}):|data:(?:[\\w.+-]+\\/[\\w.+-]+|[;,])|file:\\/)`;

const LINK = new RegExp(`${SCHEME_URL}|${WWW}|${HOST_END}|${DANGEROUS}`, 'iu');

/** Invisible characters that hide a link from a filter without changing what it points to. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
/** Browsers drop tabs and line breaks inside a URL (`java\tscript:` runs), and C0 controls around it. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  });
}

/** One decoding pass: percent-encoding, then HTML entities. */
export function decodeOnce(text: string): string {
  return decodeHtmlEntities(percentDecode(text));
}

/** The text after up to `passes` decoding passes, each one only while it still changes something. */
function decodings(text: string, passes = LINK_DECODE_PASSES): string[] {
  const out = [text];
  let current = text;
  for (let pass = 0; pass < passes; pass++) {
    const next = decodeOnce(current);
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

function normalize(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

function matches(text: string): boolean {
  const plain = normalize(text);
  return LINK.test(plain) || LINK.test(plain.replace(CONTROL, ''));
}

/**
 * Whether the text holds a link: a URL with a scheme, a `www.` address, a host name ending in one of
 * LINK_DOMAINS (also written with "[.]", "(dot)" or wide dots, or hidden with invisible characters), or
 * a dangerous scheme (`javascript:`, `vbscript:`, `data:text/html…`, `file:/…`).
 *
 * The text is HTML-stripped, then decoded (percent-encoding and HTML entities) up to 3 times, and every
 * stage is matched, exactly as the spec says. Two more readings are matched too, so that neither step can
 * hide a link: the decodings of the text with its tags kept (a link in `<a href="…">`, or text that only
 * looks like a tag, as in `<3 example.com >`), and each of those decodings stripped again (entity-encoded
 * tags splitting a link: `exa&lt;b&gt;mple.com`).
 */
export function containsLink(text: string | null | undefined): boolean {
  if (!text) return false;
  const readings = new Set<string>([...decodings(stripHtml(text)), ...decodings(text).flatMap((t) => [t, stripHtml(t)])]);
  for (const reading of readings) if (matches(reading)) return true;
  return false;
}

const REMOVABLE = new RegExp(`(?:${SCHEME_URL}|${WWW}|${HOST}|${DANGEROUS})[^\\s<>"']*`, 'giu');

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Punctuation after a link that belongs to the sentence: a full stop, or a bracket the link did not open. */
function sentencePunctuationAfter(link: string): string {
  let end = link.length;
  while (end > 0) {
    const c = link.charAt(end - 1);
    const opener = CLOSERS[c];
    const unbalanced = opener !== undefined && count(link.slice(0, end), opener) < count(link.slice(0, end), c);
    if (!'.,;:!?\'"'.includes(c) && !unbalanced) break;
    end--;
  }
  return link.slice(end);
}

/**
 * The text with its links taken out, as card import does with every text field (document 1 §3). Works
 * on the text as written (no decoding), keeps punctuation that ends a sentence after a link, and leaves
 * everything else untouched.
 */
export function removeLinks(text: string): string {
  return text.replace(REMOVABLE, sentencePunctuationAfter);
}
