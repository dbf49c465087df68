import { useEffect, useRef, useState } from 'react';
import { CHARACTER_LIMITS as CL, GROUP_CHAT_LIMITS as L, type GroupChatDetail, type GroupChatVisibility, routes } from '@fable/contracts';
import { apiErrorOf, Button, ConfirmationModal, selectUser, useAppSelector, useNavigate, useNotify } from '@fable/shared';
import { Form, FormRadioGroupField, FormTextField, UnsavedChangesDialog, useUnsavedChangesGuard, useZodForm } from '@fable/shared/forms';
import { AvatarField } from '../chatbotForm/AvatarField';
import { TagPicker } from '../chatbotForm/TagPicker';
import { useDeleteChatbot } from '../myChatbots/useDeleteChatbot';
import { FormActions, FormSection, FormSections } from '../ui/creatorFormLayout';
import { clearProgress, createPath, editPath, membersPath, MY_GROUPCHATS_PATH, writeProgress } from './groupChatProgress';
import { useCreator_createGroupChatMutation, useCreator_updateGroupChatMutation } from './groupChatsApi';
import { GROUP_CHAT_TEXTS as T, GROUP_DELETE_TEXTS } from './groupChatTexts';
import { changedFields, GroupChatFormSchema, inputOf, type GroupChatValues } from './groupChatValues';
import { MembersField } from './MembersField';

/**
 * The form field an API error names, in the form's names: a refused member (details.character_id), details.field, or
 * a validation issue's "body.<field>".
 */
export function formFieldOfError(details: unknown): keyof GroupChatValues | null {
  const d = (details ?? {}) as { field?: unknown; issues?: { path?: unknown }[]; character_id?: unknown };
  if (typeof d.character_id === 'string') return 'members';
  const path = typeof d.field === 'string' ? d.field : typeof d.issues?.[0]?.path === 'string' ? d.issues[0].path.replace(/^body\./, '') : null;
  const field = path?.split('.')[0];
  if (field === 'sub_character_ids') return 'members';
  if (field === 'avatar') return 'avatar_url';
  return field === 'name' || field === 'title' || field === 'tags' || field === 'visibility' ? field : null;
}

export interface GroupChatFormProps {
  /** The group being edited; null creates one. */
  saved: GroupChatDetail | null;
  /** What the form starts from: the saved group's values, or an empty group. */
  initial: GroupChatValues;
  /** Values kept while the members page was open: the form opens with them, changed against `initial`. */
  restored?: GroupChatValues;
}

/**
 * The group chat form (document 2 §2, §4, §5): avatar, name, title, the members (each removable; Add / Remove goes to
 * the members page with the members and the visibility), tags and the Public / Private visibility. Save with fewer
 * than 2 members asks "Minimum Chatbots Required" first (Save anyway / Cancel). Create goes to the group's chat (as a
 * chatbot's create does); an edit sends only what changed and goes back to the Groupchats tab, and can delete the
 * group. Leaving with changes asks first (Unsaved Changes), except for the members page, which keeps them.
 */
export function GroupChatForm({ saved, initial, restored }: GroupChatFormProps) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useZodForm(GroupChatFormSchema, { defaultValues: initial });
  const [create, creating] = useCreator_createGroupChatMutation();
  const [update, updating] = useCreator_updateGroupChatMutation();
  const [fewMembers, setFewMembers] = useState<GroupChatValues | null>(null);
  const formElement = useRef<HTMLFormElement>(null);
  // Update in the Unsaved Changes dialog: save, then go where the member was going.
  const leavingAfterSave = useRef(false);
  useEffect(() => {
    if (restored) form.reset(restored, { keepDefaultValues: true });
  }, [restored, form]);
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const { askDelete, dialogs: deleteDialogs } = useDeleteChatbot(() => {
    if (user) clearProgress(user.id);
    guard.allowLeaving();
    void navigate(MY_GROUPCHATS_PATH);
  }, GROUP_DELETE_TEXTS);

  const stayAfterFailure = () => {
    if (!leavingAfterSave.current) return;
    leavingAfterSave.current = false;
    guard.reset();
  };

  const chooseMembers = () => {
    if (!user) return;
    writeProgress(user.id, { characterId: saved?.id ?? null, returnTo: saved ? editPath(saved.id) : createPath, values: form.getValues() });
    guard.allowLeaving();
    void navigate(membersPath);
  };

  const save = async (next: GroupChatValues) => {
    const answer = saved ? await update({ characterId: saved.id, changes: changedFields(initial, next) }) : await create(inputOf(next));
    if ('error' in answer) {
      stayAfterFailure();
      const error = apiErrorOf(answer.error);
      // A refused member is named: the API's text says "this chatbot".
      const refused = next.members.find((m) => m.id === (error.details as { character_id?: unknown } | undefined)?.character_id);
      const message = refused ? `${refused.name}: ${error.message ?? T.failed}` : (error.message ?? T.failed);
      const field = formFieldOfError(error.details);
      if (field) form.setError(field, { message });
      else notify.error(message);
      return;
    }
    if (user) clearProgress(user.id);
    guard.allowLeaving();
    notify.success(saved ? T.saved : T.created);
    if (leavingAfterSave.current) guard.proceed();
    else void navigate(saved ? MY_GROUPCHATS_PATH : routes.chat({ characterId: answer.data.id }));
  };

  const onSubmit = () => {
    const next = form.getValues();
    if (next.members.length < L.minRecommendedMembers) {
      // The question comes first: the member stays here to answer it.
      stayAfterFailure();
      setFewMembers(next);
      return;
    }
    return save(next);
  };

  const busy = creating.isLoading || updating.isLoading;
  const visibilityOptions = (['public', 'private'] as const).map((v) => ({ value: v, label: T.visibilityOptions[v].label, hint: T.visibilityOptions[v].hint }));

  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={stayAfterFailure} ref={formElement} aria-label={saved ? T.editTitle : T.createTitle}>
      <FormSections>
        <fieldset className="form-fields" disabled={busy}>
          <FormSection aria-labelledby="groupchat-section-group">
            <h2 id="groupchat-section-group">{T.sectionGroup}</h2>
            <AvatarField markNsfw={false} subject="the groupchat" disabled={busy} />
            <FormTextField<GroupChatValues> name="name" label={T.name} limit={CL.nameMax} autoComplete="off" />
            <FormTextField<GroupChatValues> name="title" label={T.title} limit={CL.titleMax} hint={T.titleHint} autoComplete="off" />
          </FormSection>
          <FormSection aria-labelledby="groupchat-section-members">
            <h2 id="groupchat-section-members">{T.sectionMembers}</h2>
            <MembersField onChooseMembers={chooseMembers} disabled={busy} />
          </FormSection>
          <FormSection aria-labelledby="groupchat-section-tags">
            <h2 id="groupchat-section-tags">{T.sectionTags}</h2>
            <TagPicker hint="" suggest={false} savedTags={saved?.tags} disabled={busy} />
          </FormSection>
          <FormSection aria-labelledby="groupchat-section-visibility">
            <h2 id="groupchat-section-visibility">{T.sectionVisibility}</h2>
            <FormRadioGroupField<GroupChatVisibility, GroupChatValues> name="visibility" legend={T.visibility} options={visibilityOptions} />
          </FormSection>
        </fieldset>
        <FormActions>
          {saved ? (
            <Button variant="ghost" onClick={() => askDelete({ id: saved.id, name: saved.name })} disabled={busy}>
              {T.delete}
            </Button>
          ) : null}
          <Button type="submit" className="push" loading={busy} disabled={saved !== null && !isDirty}>
            {saved ? T.save : T.create}
          </Button>
        </FormActions>
      </FormSections>
      <ConfirmationModal
        open={fewMembers !== null}
        title={T.minimum.title}
        message={T.minimum.message}
        confirmLabel={T.minimum.confirm}
        cancelLabel={T.minimum.cancel}
        onConfirm={async () => {
          const next = fewMembers;
          setFewMembers(null);
          if (next) await save(next);
        }}
        onClose={() => setFewMembers(null)}
      />
      <UnsavedChangesDialog
        open={guard.blocked && fewMembers === null}
        saving={busy}
        onUpdate={() => {
          leavingAfterSave.current = true;
          formElement.current?.requestSubmit();
        }}
        onDiscard={() => {
          if (user) clearProgress(user.id);
          guard.proceed();
        }}
        onStay={guard.reset}
        texts={T.unsaved}
      />
      {deleteDialogs}
    </Form>
  );
}
