/**
 * The Content-Disposition of an exported card: `attachment; filename="<name>.<ext>"` with a plain ASCII name (letters,
 * digits, spaces, '.', '_', '-'; accents dropped, anything else '_'), and `filename*` (RFC 6266 / RFC 8187) with the
 * chatbot's name in UTF-8 for browsers that read it. No quote, backslash, slash or control character gets through.
 */

const FALLBACK = 'chatbot';
const MAX_NAME = 60;

/** The chatbot's name as an ASCII file name stem (without extension). */
export function asciiFileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, MAX_NAME)
    .trim();
  return stem === '' ? FALLBACK : stem;
}

/** The name as it is, without characters no file name may hold (controls, slashes, quotes, reserved Windows ones). */
function unicodeFileStem(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const stem = name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  return [...stem].slice(0, MAX_NAME).join('') || FALLBACK;
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * ! unescaped, which attr-char does not allow (but '!'). */
const encodeRfc8187 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentDisposition(name: string, extension: string): string {
  const ascii = `${asciiFileStem(name)}.${extension}`;
  const unicode = `${unicodeFileStem(name)}.${extension}`;
  return unicode === ascii ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(unicode)}`;
}
