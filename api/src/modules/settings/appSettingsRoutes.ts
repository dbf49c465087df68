import { API_HEADERS, ApplicationIdSchema } from '@fable/contracts';
import { z } from 'zod';
import { DEFAULT_APPLICATION_ID } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiPlugin } from '../../http/apiPlugin';
import { cachedJson } from '../../infra/cache/cache';
import { findAppSettings, switchGrowthFlags } from './appSettingsRepository';
import { appSettingsSchema, servedFlags, STORED_FLAG_OF, toAppSettings } from './appSettingsSchema';

export { DEFAULT_APPLICATION_ID };

/** Settings change rarely; every page load reads them. */
const CACHE_TTL_SECONDS = 60;

/** Node lower-cases header names. */
const applicationIdHeader = API_HEADERS.applicationId.toLowerCase() as Lowercase<typeof API_HEADERS.applicationId>;

const headersSchema = z.looseObject({ [applicationIdHeader]: ApplicationIdSchema.optional() });

/** The flags an admin switches: by the web app's names, at least one, each on or off. */
const flagsBodySchema = z.strictObject({
  flags: z
    .record(z.string(), z.boolean())
    .refine((flags) => Object.keys(flags).length > 0, 'name at least one flag')
    .superRefine((flags, ctx) => {
      for (const name of Object.keys(flags))
        if (!STORED_FLAG_OF.has(name as never)) ctx.addIssue({ code: 'custom', message: `${name} is not a flag an application switches` });
    }),
});
const servedFlagsSchema = z.object({ growthFlags: z.record(z.string(), z.boolean()) });

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
        throw AppError.unknownApplication(applicationId);
      }
      return toAppSettings(applicationId, settings);
    },
  );

  // PUT /api/admin/applications/:applicationId/flags (admins): switches an application's feature flags (document 1
  // §6) without a deploy; every app reads them from GET /app-settings at its next load.
  app.put(
    '/admin/applications/:applicationId/flags',
    {
      schema: { params: z.object({ applicationId: ApplicationIdSchema }), body: flagsBodySchema, response: { 200: servedFlagsSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { applicationId } = request.params;
      const changes = Object.fromEntries(Object.entries(request.body.flags).map(([name, on]) => [STORED_FLAG_OF.get(name as never)!, on]));
      const settings = await switchGrowthFlags(db, applicationId, changes);
      if (!settings) throw AppError.unknownApplication(applicationId);
      await cache.delete(`app-settings:${applicationId}`);
      return { growthFlags: servedFlags(settings.growthFlags) };
    },
  );
};
