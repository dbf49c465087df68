import type { CharacterRow } from '../characterRow';

/** The options and the generated rows of the seed catalog (catalogGenerator.ts). */

export interface SeedApplication {
  id: string;
  /** Tag values offered by the application (app_settings tagOptions); characters only get tags from here. */
  tagOptions: string[];
  /** Relative share of the catalog. */
  weight: number;
}

export interface CatalogOptions {
  seed: number;
  /** The catalog size the plan is for: sets the creator pool and the number of lorebooks. */
  characters: number;
  /** Dates are spread over the 12 months before this instant. */
  now: Date;
  applications: SeedApplication[];
}

export interface SeedCreator {
  user_id: string;
  username: string;
  display_name: string;
  avatar_url: string;
  created_at: Date;
}

export interface SeedCharacter extends CharacterRow {
  /** Lorebooks the character uses (character_lorebooks). */
  lorebook_ids: string[];
}

export interface SeedLorebookEntry {
  id: string;
  lorebook_id: string;
  position: number;
  name: string;
  keywords: string[];
  content: string;
  created_at: Date;
  updated_at: Date;
}

export interface SeedLorebook {
  id: string;
  application_id: string;
  creator_user_id: string;
  creator_username: string;
  name: string;
  description: string;
  avatar_url: string;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  entries: SeedLorebookEntry[];
}

/** A character's activity on one UTC day (character_daily_activity, the creator leaderboard's source). */
export interface SeedActivity {
  character_id: string;
  /** yyyy-mm-dd */
  day: string;
  messages: number;
  favorites: number;
}
