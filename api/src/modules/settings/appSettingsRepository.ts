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
