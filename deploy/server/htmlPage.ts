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
