import { CHARACTER_LIMITS, stripHtml, type CharacterProfile, type CharacterVisibility, routes } from '@fable/contracts';

/**
 * The rules of the chatbot profile (document 1 §2 "Chatbot profile", §6), as plain functions so that they are tested
 * apart from the page.
 */

/** User text as shown: HTML tags removed (it is rendered as text, never as HTML), outer blank lines dropped. */
export function displayText(text: string | null | undefined): string {
  return stripHtml(text ?? '').trim();
}

/** The title as shown: cut at 100 characters (document 1 §2), with an ellipsis when something was cut. */
export function profileTitle(title: string): string {
  const chars = Array.from(displayText(title));
  if (chars.length <= CHARACTER_LIMITS.profileTitleCut) return chars.join('');
  return `${chars.slice(0, CHARACTER_LIMITS.profileTitleCut).join('').trimEnd()}…`;
}

/**
 * Whether personality, scenario and example dialogues are shown: "hidden unless the definition is visible or the viewer
 * is the creator" (document 1 §2, §6). The API already withholds them (definition_hidden); the page checks both.
 */
export function definitionShown(profile: Pick<CharacterProfile, 'definition_hidden' | 'definition_visible' | 'viewer'>): boolean {
  if (profile.viewer.is_creator) return true;
  return !profile.definition_hidden && profile.definition_visible;
}

/** Visibilities whose link can be shared: public and hidden (shown as Unlisted). */
const SHAREABLE: readonly CharacterVisibility[] = ['public', 'hidden'];

/**
 * Share: "public/hidden bots whose creator is not blocked, outside partner mode" (document 1 §6); partner mode hides it
 * when the deployment lists share among its hidden features.
 */
export function canShare(profile: Pick<CharacterProfile, 'visibility' | 'viewer'>, shareHiddenByPartner: boolean): boolean {
  return SHAREABLE.includes(profile.visibility) && !profile.viewer.creator_blocked && !shareHiddenByPartner;
}

/** NSFW avatars are blurred for guests always and for members with the blur setting (document 1 §6). */
export function blurAvatar(avatarIsNsfw: boolean, signedIn: boolean, memberBlurSetting: boolean): boolean {
  if (!avatarIsNsfw) return false;
  return !signedIn || memberBlurSetting;
}

/** rating_score (0 to 1) as a whole percent, or null when the chatbot has no rating yet. */
export function ratingPercent(score: number | null | undefined): number | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/** The link shared for a profile: this site's address of the page. */
export function profileShareUrl(origin: string, kind: ProfileKind, characterId: string): string {
  return `${origin}${profilePath(kind, characterId)}`;
}

export type ProfileKind = 'chatbot' | 'groupchat';

export function profilePath(kind: ProfileKind, characterId: string): string {
  return `/${kind}/${encodeURIComponent(characterId)}`;
}

/**
 * Where the creator edits: /chatbot/edit/{id} for a chatbot; a group chat's editor is /groupchat/edit (the spec shows no
 * id in that path: ours passes it as ?id=).
 */
export function editPath(kind: ProfileKind, characterId: string): string {
  return kind === 'groupchat' ? routes.editGroupchat({ id: characterId }) : routes.editChatbot({ characterId });
}
