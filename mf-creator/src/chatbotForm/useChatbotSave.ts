import { routes, type CharacterImportInputSchema, type CharacterInputSchema, type CharacterTokenCount, type OwnCharacter } from '@fable/contracts';
import { useCallback, useRef, useState } from 'react';
import { apiErrorOf, selectUser, signInRequested, useAppDispatch, useAppSelector, useNavigate, useNotify } from '@fable/shared';
import type { ZodForm } from '@fable/shared/forms';
import { useCreator_createChatbotMutation, useCreator_updateChatbotMutation } from '../creatorApi';
import { useAttachLorebooks } from './LorebooksField';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { asksForReview, changedFields, valuesOf, type ChatbotValues } from './chatbotValues';
import { GUEST_DRAFT_OWNER, newDraftId, removeDraft, saveDraft } from './drafts';
import { tokenLimitText } from './TokenCounter';

/** What a save sends to the API when the last refusal asked for a manual review (document 1 §4). */
type Pending = { values: ChatbotValues; manualReview: boolean };

type ChatbotSchema = typeof CharacterInputSchema | typeof CharacterImportInputSchema;

interface ChatbotSaveInput {
  form: ZodForm<ChatbotSchema>;
  schema: ChatbotSchema;
  saved: OwnCharacter | null;
  draftId?: string;
  cardExtras?: Record<string, unknown>;
  /** The chatbot's moderation status (a review is asked for by asksForReview). */
  status: NonNullable<OwnCharacter['moderationReport']>['moderation_status'] | null;
  /** A new chatbot's lorebooks, attached once it is created (when the lorebook flag is on). */
  lorebooksOn: boolean;
  lorebookIds: string[];
  /** Lets the unsaved-changes guard go once the values are kept. */
  allowLeaving: () => void;
  /** A guest's form (anonymous_create): drafts are the device guest's, and Create keeps it and asks to sign up. */
  guest?: boolean;
}

/**
 * Saving the chatbot form (document 1 §4, §5): the token limit, the review confirmation (publish, fix, manual review
 * asked by the API), create or update (only what changed), the API's field errors, Save Draft, and where to go next.
 * A guest's Create (anonymous_create) sends nothing: it keeps the draft on the device and asks to sign up, returning
 * to the draft's address, where the member creates it.
 */
export function useChatbotSave({ form, schema, saved, draftId, cardExtras, status, lorebooksOn, lorebookIds, allowLeaving, guest = false }: ChatbotSaveInput) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const values = () => form.getValues() as unknown as ChatbotValues;
  const [create, creating] = useCreator_createChatbotMutation();
  const [update, updating] = useCreator_updateChatbotMutation();
  const attachLorebooks = useAttachLorebooks();
  const [review, setReview] = useState<{ kind: 'publish' | 'fix' | 'manual'; pending: Pending } | null>(null);
  const tokens = useRef<CharacterTokenCount | null>(null);
  const onCount = useCallback((count: CharacterTokenCount | null) => {
    tokens.current = count;
  }, []);

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
    allowLeaving();
    if (saved) {
      notify.success(T.saved);
      void navigate('/my-chatbots');
    } else {
      notify.success(T.created);
      const failed = lorebooksOn ? await attachLorebooks(answer.data.id, lorebookIds) : null;
      if (failed) notify.error(failed);
      void navigate(failed ? `/chatbot/edit/${answer.data.id}` : routes.chat({ characterId: answer.data.id }));
    }
  };

  /** Keeps the values as a draft on the device (the guest's or the member's) and returns its id, or null. */
  const keepDraft = (): string | null => {
    const owner = guest ? { creator_user_id: GUEST_DRAFT_OWNER, creator_username: null } : user ? { creator_user_id: user.id, creator_username: user.username } : null;
    if (!owner) return null;
    const id = draftId ?? (saved ? `edit-${saved.id}` : newDraftId());
    const draft = saveDraft({
      id,
      values: values(),
      ...owner,
      ...(saved ? { character_id: saved.id, moderationReport: saved.moderationReport ?? null } : {}),
    });
    form.reset(draft.values as never);
    if (!saved && draftId !== id) {
      // The draft route opens a form of its own (keyed by the draft id), with the values just kept.
      allowLeaving();
      void navigate(`/chatbot/create/${id}`, { replace: true });
    }
    return id;
  };

  const onSubmit = () => {
    if (guest) {
      const id = keepDraft();
      if (id) dispatch(signInRequested({ returnTo: `/chatbot/create/${id}` }));
      return;
    }
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
    if (keepDraft()) notify.success(T.draftSaved);
  };

  return {
    onCount,
    onSubmit,
    onSaveDraft,
    busy: creating.isLoading || updating.isLoading,
    review: review?.kind ?? null,
    /** The review confirmed: the pending save is sent. */
    confirmReview: async () => {
      const pending = review!.pending;
      setReview(null);
      await save(pending);
    },
    closeReview: () => setReview(null),
  };
}
