import type { Viewer } from './useViewer';

type ViewerFacts = Pick<Viewer, 'signedIn' | 'settings'>;

/**
 * Whether a card's avatar is blurred (document 1 §6): an NSFW avatar is blurred for anonymous viewers always, and
 * for members with the blur setting (blurNSFW, on by default; on too while a member's settings are loading).
 */
export function shouldBlurAvatar(character: { avatar_is_nsfw?: boolean | null }, viewer: ViewerFacts): boolean {
  if (!character.avatar_is_nsfw) return false;
  if (!viewer.signedIn) return true;
  return viewer.settings?.blurNSFW ?? true;
}

/** What pressing the NSFW toggle does (document 1 §1, §6). */
export type NsfwToggleOutcome = 'toggle' | 'guest_prompt' | 'access_prompt';

/**
 * Turning NSFW off always works. Turning it on: guests get the create-account prompt; members without explicit
 * content enabled in their profile (settings.showNSFW) get the NSFW access modal; others switch it on.
 */
export function nsfwToggleOutcome(viewer: ViewerFacts, wantOn: boolean): NsfwToggleOutcome {
  if (!wantOn) return 'toggle';
  if (!viewer.signedIn) return 'guest_prompt';
  if (viewer.settings?.showNSFW !== true) return 'access_prompt';
  return 'toggle';
}

/**
 * Whether the listing asks for NSFW characters: the toggle is on (remembered locally), shown (not hidden by partner
 * mode), and the viewer is a member whose profile allows explicit content. The API checks the last part again.
 */
export function nsfwActive(viewer: ViewerFacts, toggleOn: boolean, toggleHidden: boolean): boolean {
  return toggleOn && !toggleHidden && viewer.signedIn && viewer.settings?.showNSFW === true;
}
