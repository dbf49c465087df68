import { CARD_CAPS } from './cardCaps';
import { CardFailure } from './cardErrors';

/**
 * The text layers of a card: base64 (PNG chunks), UTF-8 and JSON. The V2 and V3 specifications store a card
 * as "the JSON string of the card, with utf-8 -> base64 encoding".
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Bytes of base64 text (ASCII whitespace ignored, padding optional, URL-safe alphabet accepted), or null. */
export function decodeBase64(text: string): Uint8Array | null {
  const compact = text.replace(/[\t\n\f\r ]+/g, '');
  if (compact.length === 0 || compact.length % 4 === 1) return null;
  if (BASE64.test(compact)) return Buffer.from(compact, 'base64');
  if (BASE64_URL.test(compact)) return Buffer.from(compact, 'base64url');
  return null;
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

/**
 * UTF-8 text (a leading BOM dropped). Invalid sequences become U+FFFD with a warning when the text is
 * otherwise readable; text that is mostly not UTF-8 (binary) is refused.
 */
export function decodeUtf8(bytes: Uint8Array, warnings: string[]): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const text = lenientUtf8.decode(bytes);
    const replaced = text.split('\uFFFD').length - 1;
    if (replaced > Math.max(16, text.length / 100)) throw new CardFailure('invalid_text');
    warnings.push('Some characters of the card could not be read (not valid UTF-8) and were replaced with "\uFFFD".');
    return text;
  }
}

export function encodeUtf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/** The deepest nesting of objects and arrays in a parsed JSON value, stopping once past `limit`. */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Parsed JSON, refused when invalid or nested deeper than the cap. */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CardFailure('invalid_json');
  }
  if (depthExceeds(value, CARD_CAPS.maxJsonDepth)) throw new CardFailure('nested_too_deeply');
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
