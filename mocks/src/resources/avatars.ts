import { http, HttpResponse } from 'msw';
import { API_BASE } from '@fable/contracts';

/** The API's generated avatars (/api/avatars/<name>.svg): here a plain monogram, enough for a page to look right. */
export function avatarHandlers() {
  return [
    http.get(`${API_BASE}/avatars/:file`, ({ params }) => {
      const letter = String(params.file).charAt(0).toUpperCase() || '?';
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7c5cff"/><text x="32" y="42" font-family="sans-serif" font-size="30" fill="#fff" text-anchor="middle">${letter.replace(/[^A-Z0-9]/g, '?')}</text></svg>`;
      return new HttpResponse(svg, { headers: { 'content-type': 'image/svg+xml' } });
    }),
  ];
}
