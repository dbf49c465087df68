import { selectHiddenByPartner, useAppSelector, useLocalStorage } from '@fable/shared';
import { nsfwActive } from './nsfwRules';
import type { Viewer } from './useViewer';

/** The NSFW toggle's state on this device (document 1 §3 "Settings stored locally": NSFW toggle). */
export const NSFW_MODE_KEY = 'fable.nsfwMode';

export interface NsfwMode {
  /** Whether the listing shows NSFW characters now. */
  active: boolean;
  /** Partner mode hides the toggle (document 1 §1): the listing is then safe for work. */
  toggleHidden: boolean;
  /** The remembered position of the toggle. */
  stored: boolean;
  setStored: (on: boolean) => void;
}

export function useNsfwMode(viewer: Viewer): NsfwMode {
  const [stored, setStored] = useLocalStorage<boolean>(NSFW_MODE_KEY, false);
  const toggleHidden = useAppSelector((state) => selectHiddenByPartner(state, 'nsfw_toggle'));
  const on = stored === true;
  return { active: nsfwActive(viewer, on, toggleHidden), toggleHidden, stored: on, setStored };
}
