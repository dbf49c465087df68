import { useEffect, useRef } from 'react';
import type { CharacterVisibility, OwnCharacter } from '@fable/contracts';
import { FormCheckboxField, FormRadioGroupField, useFormContext, useWatch } from '@fable/shared/forms';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { ChatbotFormPart } from './chatbotFormVariant';
import type { ChatbotValues } from './chatbotValues';

const VISIBILITIES: readonly CharacterVisibility[] = ['public', 'hidden', 'private'];

interface VisibilitySectionProps {
  /** The chatbot being edited; null creates one (the guidelines box is then asked for). */
  saved: OwnCharacter | null;
  /** A permanently private chatbot, or one whose fix is required, keeps its visibility. */
  visibilityFixed: boolean;
}

/**
 * Who can chat with it: the visibility, definition_visible (only for a public chatbot), NSFW and, on create, the
 * guidelines.
 */
export function VisibilitySection({ saved, visibilityFixed }: VisibilitySectionProps) {
  const { control, setValue } = useFormContext<ChatbotValues>();
  const visibility = useWatch({ control, name: 'visibility' }) as ChatbotValues['visibility'];

  // Document 1 §4: private (and unlisted) force definition_visible off; choosing public turns it on.
  const lastVisibility = useRef(visibility);
  useEffect(() => {
    if (lastVisibility.current === visibility) return;
    lastVisibility.current = visibility;
    setValue('definition_visible', visibility === 'public', { shouldDirty: true });
  }, [visibility, setValue]);

  const visibilityOptions = (saved?.visibility === 'permanently_private' ? (['permanently_private'] as const) : VISIBILITIES).map((v) => ({
    value: v,
    label: T.visibilityOptions[v].label,
    hint: T.visibilityOptions[v].hint,
  }));

  return (
    <ChatbotFormPart id="chatbot-section-visibility" heading={T.visibilityHeading}>
      <fieldset className="form-fields" disabled={visibilityFixed}>
        <FormRadioGroupField<CharacterVisibility, ChatbotValues> name="visibility" legend={T.visibility} options={visibilityOptions} />
      </fieldset>
      <fieldset className="form-fields" disabled={visibility !== 'public'}>
        <FormCheckboxField<ChatbotValues> name="definition_visible" label={T.definitionVisible} hint={T.definitionVisibleHint} />
      </fieldset>
      <FormCheckboxField<ChatbotValues> name="is_nsfw" label={T.nsfw} />
      {saved ? null : <FormCheckboxField<ChatbotValues> name="guidelines" label={T.guidelines} />}
    </ChatbotFormPart>
  );
}
