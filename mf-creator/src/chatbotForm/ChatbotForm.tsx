import styled from '@emotion/styled';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHARACTER_LIMITS as L,
  CharacterImportInputSchema,
  CharacterInputSchema,
  characterEditLock,
  type CharacterTokenCount,
  type CharacterVisibility,
  type OwnCharacter,
} from '@fable/contracts';
import { apiErrorOf, Button, ConfirmationModal, selectFlag, selectUser, useAppSelector, useNavigate, useNotify } from '@fable/shared';
import {
  Form,
  FormCheckboxField,
  FormRadioGroupField,
  FormTextAreaField,
  FormTextField,
  useUnsavedChangesGuard,
  useWatch,
  useZodForm,
} from '@fable/shared/forms';
import { useCreator_createChatbotMutation, useCreator_updateChatbotMutation } from '../creatorApi';
import { AvatarField } from './AvatarField';
import { LorebooksField, useAttachLorebooks } from './LorebooksField';
import { LOREBOOK_FIELD_TEXTS } from './lorebooksFieldTexts';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { asksForReview, changedFields, valuesOf, type ChatbotValues } from './chatbotValues';
import { newDraftId, removeDraft, saveDraft } from './drafts';
import { SuggestButton } from './SuggestButton';
import { TagPicker } from './TagPicker';
import { tokenLimitText, TokenCounter } from './TokenCounter';
import { FormActions, FormSection, FormSections } from '../ui/creatorFormLayout';

/** The form's sections; fields locked (a chatbot under review, a save running) are dimmed. */
const Sections = styled(FormSections)`
  fieldset.form-fields:disabled label,
  fieldset.form-fields:disabled .field-note-row {
    opacity: 0.6;
  }
`;

/** A field with its Suggest button on the label's line. */
const Suggestible = styled.div`
  position: relative;
  > button:last-child {
    position: absolute;
    top: -6px;
    right: 0;
  }
`;

const VISIBILITIES: readonly CharacterVisibility[] = ['public', 'hidden', 'private'];

/** What a save sends to the API when the last refusal asked for a manual review (document 1 §4). */
type Pending = { values: ChatbotValues; manualReview: boolean };

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
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const notify = useNotify();
  // An imported card's guidelines box says so in its own words (document 1 §5).
  const schema = cardExtras ? CharacterImportInputSchema : CharacterInputSchema;
  const form = useZodForm(schema, { defaultValues: initial as never });
  const values = () => form.getValues() as unknown as ChatbotValues;
  const [create, creating] = useCreator_createChatbotMutation();
  const [update, updating] = useCreator_updateChatbotMutation();
  const lorebooksOn = useAppSelector((state) => selectFlag(state, 'lorebook'));
  // A new chatbot's lorebooks, attached once it is created (a saved one's are attached at once: LorebooksField).
  const [lorebookIds, setLorebookIds] = useState<string[]>([]);
  const attachLorebooks = useAttachLorebooks();
  const [review, setReview] = useState<{ kind: 'publish' | 'fix' | 'manual'; pending: Pending } | null>(null);
  const tokens = useRef<CharacterTokenCount | null>(null);
  const onCount = useCallback((count: CharacterTokenCount | null) => {
    tokens.current = count;
  }, []);
  useEffect(() => {
    if (restored) form.reset(restored as never, { keepDefaultValues: true });
  }, [restored, form]);
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const status = saved?.moderationReport?.moderation_status ?? null;
  const locked = characterEditLock(status) !== null;
  const visibilityFixed = saved !== null && (saved.visibility === 'permanently_private' || status === 'fix_required');
  const visibility = useWatch({ control: form.control, name: 'visibility' }) as ChatbotValues['visibility'];

  // Document 1 §4: private (and unlisted) force definition_visible off; choosing public turns it on.
  const lastVisibility = useRef(visibility);
  useEffect(() => {
    if (lastVisibility.current === visibility) return;
    lastVisibility.current = visibility;
    form.setValue('definition_visible', visibility === 'public', { shouldDirty: true });
  }, [visibility, form]);

  const save = async ({ values: next, manualReview }: Pending) => {
    const answer = saved
      ? await update({
          characterId: saved.id,
          changes: { ...changedFields(valuesOf(saved), next), ...(manualReview ? { submitForManualReview: true } : {}) },
        })
      : await create({
          ...schema.parse(next),
          ...(cardExtras ? { card_extras: cardExtras as never } : {}),
          ...(manualReview ? { submitForManualReview: true } : {}),
        });
    if ('error' in answer) {
      const error = apiErrorOf(answer.error);
      const details = (error.details ?? {}) as { field?: unknown; submitForManualReview?: unknown };
      if (details.submitForManualReview === true && !manualReview) {
        setReview({ kind: 'manual', pending: { values: next, manualReview: true } });
        return;
      }
      const message = error.message ?? 'Something went wrong. Please try again.';
      if (typeof details.field === 'string' && details.field in next) form.setError(details.field as keyof ChatbotValues, { message });
      else notify.error(message);
      return;
    }
    if (draftId && user) removeDraft(user.id, draftId);
    guard.allowLeaving();
    if (saved) {
      notify.success(T.saved);
      void navigate('/my-chatbots');
    } else {
      notify.success(T.created);
      const failed = lorebooksOn ? await attachLorebooks(answer.data.id, lorebookIds) : null;
      if (failed) notify.error(failed);
      void navigate(failed ? `/chatbot/edit/${answer.data.id}` : `/chat/${answer.data.id}`);
    }
  };

  const onSubmit = () => {
    const next = values();
    const count = tokens.current;
    if (count?.over_limit) {
      notify.error(tokenLimitText(count.token_count, count.limit));
      return;
    }
    const kind = asksForReview(saved ? { visibility: saved.visibility, status } : null, next);
    if (kind) setReview({ kind, pending: { values: next, manualReview: false } });
    else return save({ values: next, manualReview: false });
  };

  const onSaveDraft = () => {
    if (!user) return;
    const id = draftId ?? (saved ? `edit-${saved.id}` : newDraftId());
    const draft = saveDraft({
      id,
      values: values(),
      creator_user_id: user.id,
      creator_username: user.username,
      ...(saved ? { character_id: saved.id, moderationReport: saved.moderationReport ?? null } : {}),
    });
    form.reset(draft.values as never);
    notify.success(T.draftSaved);
    if (!saved && draftId !== id) {
      // The draft route opens a form of its own (keyed by the draft id), with the values just kept.
      guard.allowLeaving();
      void navigate(`/chatbot/create/${id}`, { replace: true });
    }
  };

  const visibilityOptions = (saved?.visibility === 'permanently_private' ? (['permanently_private'] as const) : VISIBILITIES).map((v) => ({
    value: v,
    label: T.visibilityOptions[v].label,
    hint: T.visibilityOptions[v].hint,
  }));
  const busy = creating.isLoading || updating.isLoading;

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
          <FormSection aria-labelledby="chatbot-section-definition">
            <h2 id="chatbot-section-definition">Definition</h2>
            <Suggestible>
              <FormTextAreaField<ChatbotValues> name="greeting" label={T.greeting} limit={L.greetingMax} rows={4} />
              <SuggestButton field="greeting" label={T.greeting} locked={locked} characterId={saved?.id} />
            </Suggestible>
            <Suggestible>
              <FormTextAreaField<ChatbotValues> name="persona" label={T.personality} limit={L.personalityMax} rows={6} />
              <SuggestButton field="persona" label={T.personality} locked={locked} characterId={saved?.id} />
            </Suggestible>
            <Suggestible>
              <FormTextAreaField<ChatbotValues> name="scenario" label={T.scenario} limit={L.scenarioMax} rows={4} hint={T.optional} />
              <SuggestButton field="scenario" label={T.scenario} locked={locked} characterId={saved?.id} />
            </Suggestible>
            <Suggestible>
              <FormTextAreaField<ChatbotValues> name="dialogue" label={T.dialogue} limit={L.dialogueMax} rows={5} hint={T.optional} />
              <SuggestButton field="dialogue" label={T.dialogue} locked={locked} characterId={saved?.id} />
            </Suggestible>
            <TokenCounter onCount={onCount} />
          </FormSection>
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
          <FormSection aria-labelledby="chatbot-section-visibility">
            <h2 id="chatbot-section-visibility">Who can chat with it</h2>
            <fieldset className="form-fields" disabled={visibilityFixed}>
              <FormRadioGroupField<CharacterVisibility, ChatbotValues> name="visibility" legend={T.visibility} options={visibilityOptions} />
            </fieldset>
            <fieldset className="form-fields" disabled={visibility !== 'public'}>
              <FormCheckboxField<ChatbotValues> name="definition_visible" label={T.definitionVisible} hint={T.definitionVisibleHint} />
            </fieldset>
            <FormCheckboxField<ChatbotValues> name="is_nsfw" label={T.nsfw} />
            {saved ? null : <FormCheckboxField<ChatbotValues> name="guidelines" label={T.guidelines} />}
          </FormSection>
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
        title={review?.kind === 'manual' ? T.manualReviewTitle : T.reviewTitle}
        message={review?.kind === 'manual' ? T.manualReviewMessage : review?.kind === 'fix' ? T.reviewFixMessage : T.reviewMessage}
        confirmLabel={T.submit}
        cancelLabel={T.cancel}
        onConfirm={async () => {
          const pending = review!.pending;
          setReview(null);
          await save(pending);
        }}
        onClose={() => setReview(null)}
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
