import { http, HttpResponse } from 'msw';
import { API_BASE, AppSettingsSchema } from '@fable/contracts';

/** The tags a chatbot may carry (a few of the seeded catalogue's). */
export const TAG_OPTIONS = ['Adventure', 'Fantasy', 'Sci-Fi', 'Romance', 'Mystery', 'Noir', 'Wholesome', 'Comedy', 'Horror', 'Anime', 'Historical', 'Step-Family'];

/** GET /api/app-settings (not a call contract yet): branding and the tag options, checked against AppSettingsSchema. */
export function appSettingsHandlers() {
  const settings = AppSettingsSchema.parse({
    branding: { displayName: 'Fable' },
    tagOptions: TAG_OPTIONS.map((tag) => ({ value: tag, label: tag })),
  });
  return [http.get(`${API_BASE}/app-settings`, () => HttpResponse.json(settings))];
}
