// The hosted pages' frame: escaped text only (nothing a caller sends is ever markup), one stylesheet and one
// script from the sandbox itself, and a Content-Security-Policy that allows nothing else.
import type { FastifyReply } from 'fastify';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface PageOptions {
  title: string;
  body: string;
  script?: string;
  /** data-* attributes on <body>, for the page's script (escaped here). */
  data?: Record<string, string>;
  /** Who may show the page in a frame; none by default. */
  frameAncestors?: string[];
}

export function sendPage(reply: FastifyReply, options: PageOptions, status = 200) {
  const data = Object.entries(options.data ?? {})
    .map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`)
    .join('');
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors ${ancestors}`,
    );
  return reply.send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/hosted/sandbox.css">
${options.script ? `<script src="${escapeHtml(options.script)}" defer></script>` : ''}
</head>
<body${data}>
${options.body}
</body>
</html>
`);
}

export const formatAmount = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
};

export const STYLESHEET = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 12px; font-size: 15px; }
.fields { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr); gap: 8px; }
@media (max-width: 320px) { .fields { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } .fields .field:first-child { grid-column: 1 / -1; } }
/* Each field's label, input and note sit on rows shared across the fields (subgrid): a label that wraps on a narrow
   screen lowers no input out of line with the others. */
.field { display: grid; grid-row: span 3; grid-template-rows: subgrid; row-gap: 4px; min-width: 0; }
.field input { min-width: 0; }
.field label { font-size: 13px; align-self: end; }
.field input { font: inherit; padding: 8px; border: 1px solid #8a8a8a; border-radius: 6px; }
.field input[aria-invalid="true"] { border-color: #d93025; }
.brand { font-size: 12px; min-height: 1em; }
.error { color: #d93025; min-height: 1.2em; margin: 6px 0 0; font-size: 13px; }
.panel { max-width: 420px; margin: 24px auto; padding: 20px; border: 1px solid #8a8a8a; border-radius: 10px; }
.actions { display: flex; gap: 8px; margin-top: 16px; }
.actions button, .actions form button { font: inherit; padding: 8px 16px; border-radius: 6px; cursor: pointer; }
.note { font-size: 13px; opacity: 0.8; }
/* A bank's page is light whatever the member's theme: the checkout and the change-card dialog frame it on white. */
.bank { color-scheme: light; color: #1a1a1a; background: #ffffff; }
`;
