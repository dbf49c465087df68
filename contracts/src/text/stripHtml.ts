/** Elements whose content is code, not text: dropped with their content. */
const CODE_ELEMENT = /<(script|style)\b(?:"[^"]*"|'[^']*'|[^'">])*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** `<!doctype …>`, `<![CDATA[ … ]]>`, `<?xml …?>`. */
const DECLARATION = /<![A-Za-z[][^>]*>|<\?[\s\S]*?\?>/g;
/** An opening, closing or self-closing tag; quoted attribute values may hold `>`. */
const TAG = /<\/?[A-Za-z][A-Za-z0-9:-]*(?:\s(?:"[^"]*"|'[^']*'|[^'">])*)?\/?>/g;

/** Removing one tag can join the pieces of another (`<scr<b></b>ipt>`); a few passes settle it. */
const MAX_PASSES = 5;

/**
 * Removes HTML tags, comments and declarations (and the content of script and style elements) and keeps
 * the text. Only things shaped like tags go: `I <3 you` and `a < b > c` are left alone. Entities are not
 * decoded (see decodeHtmlEntities). User text is always rendered as text, never as HTML; this is for
 * showing chat messages without markup (document 1 §5) and for link detection.
 */
export function stripHtml(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = current.replace(CODE_ELEMENT, '').replace(COMMENT, '').replace(DECLARATION, '').replace(TAG, '');
    if (next === current) break;
    current = next;
  }
  return current;
}
