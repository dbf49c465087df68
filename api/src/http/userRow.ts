import type { OpenAiMode, Permission, ProfileSubscription, Role, Tier, UserRestriction, UserSettings } from '@fable/contracts';

/**
 * A live user with what is derived from its row: active restrictions and permissions. Every member caller carries
 * theirs (Caller in access.ts), so the type lives with the access layer; the users module reads and writes the
 * rows (modules/users/userRepository.ts, whose UserRecord is the row as stored).
 */
export interface UserRow {
  id: string;
  application_id: string;
  email: string | null;
  email_verified: boolean;
  username: string | null;
  name: string | null;
  avatar_url: string | null;
  highlights: string | null;
  /**
   * The member's own OpenAI key in clear, on the caller's row only (findSessionUser, which the access hook uses);
   * null on rows read otherwise. Show openai_api_key_hint, never this.
   */
  openai_api_key: string | null;
  /** The masked key shown to the member ("sk-…abcd"). */
  openai_api_key_hint: string | null;
  openai_mode: OpenAiMode;
  tier: Tier;
  external_id: string | null;
  profile_modified: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  roles: Role[];
  settings: UserSettings;
  subscription: ProfileSubscription | null;
  restrictions: UserRestriction[];
  permissions: Permission[];
  /** The tier in effect: the stored tier, raised by an active tier grant (a leaderboard prize); permissions follow it. */
  effective_tier: Tier;
}
