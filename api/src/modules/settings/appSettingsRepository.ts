import type { Queryable } from '../../infra/db/database';
import { storedAppSettingsSchema, type StoredAppSettings } from './appSettingsSchema';

/** The stored settings of one application, or null when the id is unknown. */
export async function findAppSettings(db: Queryable, applicationId: string): Promise<StoredAppSettings | null> {
  const { rows } = await db.query<{ settings: unknown }>(
    'select settings from app_settings where application_id = $1',
    [applicationId],
  );
  const row = rows[0];
  return row ? storedAppSettingsSchema.parse(row.settings) : null;
}

/**
 * Switches some growth flags of an application in one statement (two admins at once each keep the other's flags):
 * `changes` by stored name. The application's served flags after it, or null when the id is unknown.
 */
export async function switchGrowthFlags(db: Queryable, applicationId: string, changes: Record<string, boolean>): Promise<StoredAppSettings | null> {
  const { rows } = await db.query<{ settings: unknown }>(
    `update app_settings
        set settings = jsonb_set(settings, '{growthFlags}', (settings -> 'growthFlags') || $2::jsonb)
      where application_id = $1
      returning settings`,
    [applicationId, JSON.stringify(changes)],
  );
  const row = rows[0];
  return row ? storedAppSettingsSchema.parse(row.settings) : null;
}
