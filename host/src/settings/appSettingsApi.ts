import { routes } from '@fable/contracts';
import * as z from 'zod/mini';
import { api } from '@fable/shared';

/** The parts of the app settings the shell uses (document 1 §3 "App settings read"). */
export const ShellSettingsSchema = z.object({
  navHeaderButton: z.nullish(
    z.object({ label: z.string().check(z.minLength(1)), to: z.string().check(z.minLength(1)), icon: z.nullish(z.string()) }),
  ),
  salesBannerEnabled: z.optional(z.boolean()),
  /** The main footer's links, per application (document 1 §3 "App settings read"). */
  footerLinks: z.optional(z.array(z.object({ label: z.string().check(z.minLength(1)), to: z.string().check(z.minLength(1)) }))),
  /** The application's feature flags (served flags: see useServedFlags). */
  growthFlags: z.optional(z.record(z.string(), z.unknown())),
});
export type ShellSettings = z.infer<typeof ShellSettingsSchema>;

export type NavHeaderButton = NonNullable<ShellSettings['navHeaderButton']>;

export const DEFAULT_UPGRADE_BUTTON: NavHeaderButton = { label: 'Upgrade', to: routes.subscribe() };

const appSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_getAppSettings: build.query<ShellSettings, void>({
      query: () => '/app-settings',
      // Public, the same for every caller: asked at once, not after the session or a first visit's guest id.
      extraOptions: { withoutGuestId: true },
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

/** The app settings (GET /app-settings is public: the same answer whoever asks, so it does not wait for the session). */
export function useShellSettings(): ShellSettings | undefined {
  return useHost_getAppSettingsQuery().data;
}
