import { API_HEADERS } from '@fable/contracts';
import { z } from 'zod';
import { DEFAULT_APPLICATION_ID } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { cachedJson } from '../../infra/cache/cache';
import { findAppSettings } from './appSettingsRepository';
import { appSettingsSchema, toAppSettings } from './appSettingsSchema';

export { DEFAULT_APPLICATION_ID };

/** Settings change rarely; every page load reads them. */
const CACHE_TTL_SECONDS = 60;

/** Node lower-cases header names. */
const applicationIdHeader = API_HEADERS.applicationId.toLowerCase() as Lowercase<typeof API_HEADERS.applicationId>;

const headersSchema = z.looseObject({
  [applicationIdHeader]: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be 1-64 lower-case letters, digits, "-" or "_"')
    .optional(),
});

/** GET /api/app-settings: branding, search, tags, models and flags of the application in X-Application-Id. */
export const appSettingsRoutes: ApiPlugin = async (app, { db, cache }) => {
  app.get(
    '/app-settings',
    {
      schema: { headers: headersSchema, response: { 200: appSettingsSchema } },
      // Cached, public and read on every page load (and by the benchmark): not counted against callers.
      config: { access: 'public', skipCallerRateLimit: true },
    },
    async (request) => {
      const applicationId = request.headers[applicationIdHeader] ?? DEFAULT_APPLICATION_ID;
      const settings = await cachedJson(cache, `app-settings:${applicationId}`, CACHE_TTL_SECONDS, () =>
        findAppSettings(db, applicationId),
      );
      if (!settings) {
        throw new AppError(404, 'unknown_application', `Unknown application: ${applicationId}`);
      }
      return toAppSettings(applicationId, settings);
    },
  );
};
