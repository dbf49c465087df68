import { lazy, Suspense, useState } from 'react';
import { Switch, useTrackEvent } from '@fable/shared';
import type { ListingPrompt } from '../prompts/ListingPrompts';
import { nsfwToggleOutcome } from '../viewer/nsfwRules';
import type { NsfwMode } from '../viewer/useNsfwMode';
import type { Viewer } from '../viewer/useViewer';

const ListingPrompts = lazy(() => import('../prompts/ListingPrompts'));

export const NSFW_TOGGLE_TEXTS = { label: 'NSFW' } as const;

/**
 * The listing's NSFW toggle (document 1 §1, §6), remembered on this device; not shown when partner mode hides it.
 * Guests get the create-account prompt, members without explicit content in their profile the access modal. A switch
 * is an analytics event (document 1 §7 "switch nsfw").
 */
export function NsfwToggle({ viewer, mode }: { viewer: Viewer; mode: NsfwMode }) {
  const [prompt, setPrompt] = useState<ListingPrompt | null>(null);
  const [promptsLoaded, setPromptsLoaded] = useState(false);
  const track = useTrackEvent();
  if (mode.toggleHidden) return null;

  const onChange = (next: boolean) => {
    const outcome = nsfwToggleOutcome(viewer, next);
    if (outcome === 'toggle') {
      mode.setStored(next);
      track({ event_name: 'switch_nsfw', enabled: next });
      return;
    }
    setPromptsLoaded(true);
    setPrompt(outcome === 'guest_prompt' ? 'guest_nsfw' : 'nsfw_access');
  };

  return (
    <>
      <Switch
        label={NSFW_TOGGLE_TEXTS.label}
        checked={mode.active}
        onChange={onChange}
        disabled={viewer.loading || viewer.settingsLoading}
        data-testid="nsfw-toggle"
      />
      {promptsLoaded ? (
        <Suspense fallback={null}>
          <ListingPrompts prompt={prompt} onClose={() => setPrompt(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
