import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { CHARACTER_LIMITS as L, CharacterImportInputSchema, CharacterInputSchema, characterEditLock, type OwnCharacter } from '@fable/contracts';
import { Button, ConfirmationModal, selectFlag, useAppSelector } from '@fable/shared';
import { Form, FormTextField, useUnsavedChangesGuard, useZodForm } from '@fable/shared/forms';
import { AvatarField } from './AvatarField';
import { DefinitionSection } from './DefinitionSection';
import { LorebooksField } from './LorebooksField';
import { LOREBOOK_FIELD_TEXTS } from './lorebooksFieldTexts';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';
import { TagPicker } from './TagPicker';
import { useChatbotSave } from './useChatbotSave';
import { VisibilitySection } from './VisibilitySection';
import { FormActions, FormSection, FormSections } from '../ui/creatorFormLayout';

/** The form's sections; fields locked (a chatbot under review, a save running) are dimmed. */
const Sections = styled(FormSections)`
  fieldset.form-fields:disabled label,
  fieldset.form-fields:disabled .field-note-row {
    opacity: 0.6;
  }
`;

export interface ChatbotFormProps {
  /** The chatbot being edited; null creates one. */
  saved: OwnCharacter | null;
  initial: ChatbotValues;
  /** The draft this form was opened from, removed once the chatbot is saved. */
  draftId?: string;
  /** An edit's draft: the form opens with these values, changed against the saved chatbot (Save is on). */
  restored?: ChatbotValues;
  /** An imported card's fields the form has no place for (kept with the chatbot, written back on export). */
  cardExtras?: Record<string, unknown>;
}

/**
 * The chatbot form (document 1 §2, §4, §5): every field a creator sets with the rules and messages of the API's own
 * schema (CharacterInputSchema), the token counter, tags, visibility, Save Draft, the review confirmation and the
 * unsaved-changes guard. Create goes to the new chatbot's chat; an edit sends only what changed and goes back to My
 * Chatbots.
 */
export function ChatbotForm({ saved, initial, draftId, restored, cardExtras }: ChatbotFormProps) {
  // An imported card's guidelines box says so in its own words (document 1 §5).
  const schema = cardExtras ? CharacterImportInputSchema : CharacterInputSchema;
  const form = useZodForm(schema, { defaultValues: initial as never });
  const lorebooksOn = useAppSelector((state) => selectFlag(state, 'lorebook'));
  // A new chatbot's lorebooks, attached once it is created (a saved one's are attached at once: LorebooksField).
  const [lorebookIds, setLorebookIds] = useState<string[]>([]);
  useEffect(() => {
    if (restored) form.reset(restored as never, { keepDefaultValues: true });
  }, [restored, form]);
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const status = saved?.moderationReport?.moderation_status ?? null;
  const locked = characterEditLock(status) !== null;
  const visibilityFixed = saved !== null && (saved.visibility === 'permanently_private' || status === 'fix_required');
  const { onCount, onSubmit, onSaveDraft, busy, review, confirmReview, closeReview } = useChatbotSave({
    form,
    schema,
    saved,
    draftId,
    cardExtras,
    status,
    lorebooksOn,
    lorebookIds,
    allowLeaving: guard.allowLeaving,
  });

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={saved ? T.editTitle : T.createTitle}>
      <Sections>
        <fieldset className="form-fields" disabled={locked || busy}>
          <FormSection aria-labelledby="chatbot-section-character">
            <h2 id="chatbot-section-character">Character</h2>
            <AvatarField disabled={locked} />
            <FormTextField<ChatbotValues> name="name" label={T.name} limit={L.nameMax} autoComplete="off" />
            <FormTextField<ChatbotValues> name="title" label={T.title} limit={L.titleMax} autoComplete="off" />
          </FormSection>
          <DefinitionSection locked={locked} characterId={saved?.id} onCount={onCount} />
          <FormSection aria-labelledby="chatbot-section-tags">
            <h2 id="chatbot-section-tags">Tags</h2>
            <TagPicker disabled={locked} savedTags={saved?.tags} characterId={saved?.id} />
          </FormSection>
          {lorebooksOn ? (
            <FormSection aria-labelledby="chatbot-section-lorebooks">
              <h2 id="chatbot-section-lorebooks">{LOREBOOK_FIELD_TEXTS.heading}</h2>
              <LorebooksField characterId={saved?.id} selected={lorebookIds} onChange={setLorebookIds} />
            </FormSection>
          ) : null}
          <VisibilitySection saved={saved} visibilityFixed={visibilityFixed} />
        </fieldset>
        <FormActions>
          <Button variant="secondary" onClick={onSaveDraft} disabled={locked || busy}>
            {T.saveDraft}
          </Button>
          <Button type="submit" loading={busy} disabled={locked || (saved !== null && !isDirty)}>
            {saved ? T.save : T.create}
          </Button>
        </FormActions>
      </Sections>
      <ConfirmationModal
        open={review !== null}
        title={review === 'manual' ? T.manualReviewTitle : T.reviewTitle}
        message={review === 'manual' ? T.manualReviewMessage : review === 'fix' ? T.reviewFixMessage : T.reviewMessage}
        confirmLabel={T.submit}
        cancelLabel={T.cancel}
        onConfirm={confirmReview}
        onClose={closeReview}
      />
      <ConfirmationModal
        open={guard.blocked}
        title={T.unsaved.title}
        message={T.unsaved.message}
        confirmLabel={T.unsaved.discard}
        cancelLabel={T.cancel}
        destructive
        onConfirm={guard.proceed}
        onClose={guard.reset}
      />
    </Form>
  );
}
