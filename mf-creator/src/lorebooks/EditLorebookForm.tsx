import { useState } from 'react';
import { LorebookUpdateSchema, type LorebookDetail, type LorebookEntryInput, type LorebookUpdate } from '@fable/contracts';
import { apiErrorMessage, apiErrorOf, Button, ConfirmationModal, useNotify } from '@fable/shared';
import { Form, useFormState, useZodForm } from '@fable/shared/forms';
import { EntryList } from './EntryList';
import { EntryModal } from './EntryModal';
import { LorebookFields } from './lorebookFormParts';
import { FormActions, FormSection, FormSections } from '../ui/creatorFormLayout';
import { useLorebook_createEntryMutation, useLorebook_deleteEntryMutation, useLorebook_updateEntryMutation, useLorebook_updateMutation } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import { changedEntry, changedFields, fieldsOf, type LorebookFields as Fields } from './lorebookValues';
import { useSaveBeforeLeaving } from './useSaveBeforeLeaving';

type Editing = { mode: 'add' } | { mode: 'edit'; entryId: string };

/**
 * The edit form (document 2 §2 /lorebook/edit/{id}, §4, §8): the lorebook's fields are saved with Save (only what
 * changed: "Lorebook updated"); entries are saved at once through the entry calls ("Entry added", "Entry updated",
 * "Entry deleted"), each a whole change of its own, so nothing waits half-saved. `saved` is the lorebook as the API
 * has it now (the entries follow it); the fields are the form's until saved. Errors are toasts with the server's text.
 */
export function EditLorebookForm({ saved }: { saved: LorebookDetail }) {
  const notify = useNotify();
  const form = useZodForm(LorebookUpdateSchema, { defaultValues: fieldsOf(saved) });
  const { isDirty } = useFormState({ control: form.control });
  const [update, updating] = useLorebook_updateMutation();
  const { formRef, stay, saved: onSaved, dialog } = useSaveBeforeLeaving(isDirty, updating.isLoading);
  const [createEntry] = useLorebook_createEntryMutation();
  const [updateEntry] = useLorebook_updateEntryMutation();
  const [deleteEntry] = useLorebook_deleteEntryMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const lorebookId = saved.id;

  const save = async (values: LorebookUpdate) => {
    const changes = changedFields(form.formState.defaultValues as Fields, values);
    const answer = Object.keys(changes).length > 0 ? await update({ lorebookId, changes }) : null;
    if (answer && 'error' in answer) {
      const error = apiErrorOf(answer.error);
      notify.error(error.message ?? T.failed);
      stay();
      return;
    }
    form.reset(answer ? fieldsOf(answer.data) : values);
    if (answer) notify.success(T.toasts.updated);
    onSaved();
  };

  const saveEntry = async (entry: LorebookEntryInput): Promise<boolean> => {
    if (!editing) return false;
    if (editing.mode === 'add') {
      const answer = await createEntry({ lorebookId, entry });
      if ('error' in answer) {
        notify.error(apiErrorMessage(answer.error));
        return false;
      }
      notify.success(T.toasts.entryAdded);
      return true;
    }
    const before = saved.entries.find((e) => e.id === editing.entryId);
    const changes = before ? changedEntry(before, entry) : entry;
    if (Object.keys(changes).length === 0) return true;
    const answer = await updateEntry({ lorebookId, entryId: editing.entryId, entry: changes });
    if ('error' in answer) {
      notify.error(apiErrorMessage(answer.error));
      return false;
    }
    notify.success(T.toasts.entryUpdated);
    return true;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = await deleteEntry({ lorebookId, entryId: deleting.id });
    if ('error' in answer) notify.error(apiErrorMessage(answer.error));
    else notify.success(T.toasts.entryDeleted);
  };

  const editingEntry = editing?.mode === 'edit' ? saved.entries.find((e) => e.id === editing.entryId) : undefined;
  return (
    <>
      <Form form={form} onSubmit={save} onInvalid={stay} ref={formRef} aria-label={T.editTitle}>
        <FormSections>
          <fieldset className="form-fields" disabled={updating.isLoading}>
            <LorebookFields />
          </fieldset>
          <FormSection aria-labelledby="lorebook-section-entries">
            <h2 id="lorebook-section-entries">{T.entries}</h2>
            <p className="section-hint">{T.entriesSavedAtOnce}</p>
            <EntryList
              entries={saved.entries.map((e) => ({ ...e, key: e.id }))}
              onAdd={() => setEditing({ mode: 'add' })}
              onEdit={(entryId) => setEditing({ mode: 'edit', entryId })}
              onDelete={(entryId) => setDeleting({ id: entryId, name: saved.entries.find((e) => e.id === entryId)?.name ?? '' })}
            />
          </FormSection>
          <FormActions>
            <Button type="submit" loading={updating.isLoading} disabled={!isDirty}>
              {T.save}
            </Button>
          </FormActions>
        </FormSections>
      </Form>
      {editing ? <EntryModal mode={editing.mode} initial={editingEntry} onClose={() => setEditing(null)} onSave={saveEntry} /> : null}
      <ConfirmationModal
        open={deleting !== null}
        title={T.deleteEntryTitle}
        message={deleting ? T.deleteEntryMessage(deleting.name) : undefined}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.cancel}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {dialog}
    </>
  );
}
