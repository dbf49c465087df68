import * as z from 'zod/mini';
import { api } from '@fable/shared';

/** The parts of the app settings the shell uses (document 1 §3 "App settings read"). */
export const ShellSettingsSchema = z.object({
  navHeaderButton: z.nullish(
    z.object({ label: z.string().check(z.minLength(1)), to: z.string().check(z.minLength(1)), icon: z.nullish(z.string()) }),
  ),
  salesBannerEnabled: z.optional(z.boolean()),
});
export type ShellSettings = z.infer<typeof ShellSettingsSchema>;

export type NavHeaderButton = NonNullable<ShellSettings['navHeaderButton']>;

export const DEFAULT_UPGRADE_BUTTON: NavHeaderButton = { label: 'Upgrade', to: '/subscribe' };

const appSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_getAppSettings: build.query<ShellSettings, void>({
      query: () => '/app-settings',
      // Settings the shell does not understand are ignored rather than breaking the header.
      transformResponse: (raw: unknown) => {
        const parsed = ShellSettingsSchema.safeParse(raw);
        return parsed.success ? parsed.data : {};
      },
      providesTags: ['AppSettings'],
    }),
  }),
});

export const { useHost_getAppSettingsQuery } = appSettingsApi;
