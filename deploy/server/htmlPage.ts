/** The meta element through which the page's scripts read this response's nonce (its `nonce` property). */
export function nonceMeta(nonce: string): string {
  return `<meta property="csp-nonce" nonce="${nonce}" />`;
}

/**
 * The built page with this response's nonce in it, first thing in <head>. The nonce is base64 (no quote nor
 * angle bracket can occur in it).
 */
export function withNonce(html: string, nonce: string): string {
  if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) throw new Error('a nonce is base64');
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return nonceMeta(nonce) + html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${nonceMeta(nonce)}${html.slice(at)}`;
}

/**
 * JSON that may stand inside a <script> element: "<" written as \u003c, so that no "</script>" or "<!--" in a value
 * ends the element early (JSON.parse reads it back unchanged); U+2028 and U+2029 escaped for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page with `deployment` in a JSON script block (INLINE_DEPLOYMENT_ELEMENT_ID) at the end of <head>. */
export function withInlineDeployment(html: string, deployment: unknown, elementId: string): string {
  return atHeadEnd(html, `<script type="application/json" id="${elementId}">${scriptSafeJson(deployment)}</script>`);
}

/** The page with `fragment` (trusted markup) at the end of <head>. */
export function atHeadEnd(html: string, fragment: string): string {
  if (fragment === '') return html;
  const at = html.search(/<\/head>/i);
  return at === -1 ? fragment + html : `${html.slice(0, at)}  ${fragment}\n  ${html.slice(at)}`;
}
