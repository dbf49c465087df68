import styled from '@emotion/styled';
import { useEffect, useState, type ReactNode } from 'react';
import { CHARACTER_LIMITS as L, CharacterImportInputSchema, CharacterInputSchema, characterEditLock, type OwnCharacter } from '@fable/contracts';
import { Button, ConfirmationModal, selectFlag, useAppSelector } from '@fable/shared';
import { Form, FormTextField, useUnsavedChangesGuard, useZodForm } from '@fable/shared/forms';
import { AvatarField } from './AvatarField';
import { ChatbotFormPart, ChatbotFormVariantProvider, useChatbotFormVariant, useCreateV2, useModelHelp } from './chatbotFormVariant';
import { DefinitionSection } from './DefinitionSection';
import { GuestAvatarNote } from './GuestAvatarNote';
import { GuestChatbotSchema } from './guestChatbotSchema';
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
  /** A guest's form (anonymous_create): kept on the device, Create asks to sign up (chatbotFormVariant says what it leaves out). */
  guest?: boolean;
}

/**
 * The chatbot form (document 1 §2, §4, §5): every field a creator sets with the rules and messages of the API's own
 * schema (CharacterInputSchema), the token counter, tags, visibility, Save Draft, the review confirmation and the
 * unsaved-changes guard. Create goes to the new chatbot's chat; an edit sends only what changed and goes back to My
 * Chatbots. The v2 form (create_v2) or the v1 form, for a member or a guest: chatbotFormVariant.
 */
export function ChatbotForm({ saved, initial, draftId, restored, cardExtras, guest = false }: ChatbotFormProps) {
  const v2 = useCreateV2();
  return (
    <ChatbotFormVariantProvider value={{ v2, guest }}>
      <ChatbotFormFields saved={saved} initial={initial} draftId={draftId} restored={restored} cardExtras={cardExtras} guest={guest} />
    </ChatbotFormVariantProvider>
  );
}

/** The v1 form's one box around every field (the v2 form's parts are boxes of their own). */
function V1Box({ v2, children }: { v2: boolean; children: ReactNode }) {
  return v2 ? <>{children}</> : <FormSection>{children}</FormSection>;
}

function ChatbotFormFields({ saved, initial, draftId, restored, cardExtras, guest = false }: ChatbotFormProps) {
  const { v2 } = useChatbotFormVariant();
  const modelHelp = useModelHelp();
  // An imported card's guidelines box says so in its own words (document 1 §5); a guest adds the avatar later.
  const schema = guest ? GuestChatbotSchema : cardExtras ? CharacterImportInputSchema : CharacterInputSchema;
  const form = useZodForm(schema, { defaultValues: initial as never });
  const lorebooksOn = useAppSelector((state) => selectFlag(state, 'lorebook')) && !guest;
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
    guest,
  });

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={saved ? T.editTitle : T.createTitle}>
      <Sections>
        <fieldset className="form-fields" disabled={locked || busy}>
          <V1Box v2={v2}>
            <ChatbotFormPart id="chatbot-section-character" heading={T.characterHeading}>
              {guest ? <GuestAvatarNote /> : <AvatarField disabled={locked} />}
              <FormTextField<ChatbotValues> name="name" label={T.name} limit={L.nameMax} autoComplete="off" />
              <FormTextField<ChatbotValues> name="title" label={T.title} limit={L.titleMax} autoComplete="off" />
            </ChatbotFormPart>
            <DefinitionSection locked={locked} characterId={saved?.id} onCount={onCount} />
            <ChatbotFormPart id="chatbot-section-tags" heading={T.tagsHeading}>
              <TagPicker disabled={locked} savedTags={saved?.tags} characterId={saved?.id} suggest={modelHelp} showLegend={!v2} />
            </ChatbotFormPart>
            {lorebooksOn ? (
              <ChatbotFormPart id="chatbot-section-lorebooks" heading={LOREBOOK_FIELD_TEXTS.heading} labelInV1>
                <LorebooksField characterId={saved?.id} selected={lorebookIds} onChange={setLorebookIds} />
              </ChatbotFormPart>
            ) : null}
            <VisibilitySection saved={saved} visibilityFixed={visibilityFixed} />
          </V1Box>
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
