import { useState } from 'react';
import { LorebookCreateSchema, LorebookImportSchema, type LorebookCreate, type LorebookImport } from '@fable/contracts';
import { apiErrorOf, Button, useNavigate, useNotify } from '@fable/shared';
import { Form, FormCheckboxField, useFormState, useWatch, useZodForm, type FieldErrors } from '@fable/shared/forms';
import { EntryList } from './EntryList';
import { EntryModal } from './EntryModal';
import { LorebookFields } from './lorebookFormParts';
import { FormActions, FormSection, FormSections } from '../ui/creatorFormLayout';
import { useLorebook_createMutation, useLorebook_importMutation } from './lorebookApi';
import type { ImportedBook } from './lorebookImport';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import { emptyLorebook, entryKey, type EntryValues, type LorebookValues } from './lorebookValues';
import { useSaveBeforeLeaving } from './useSaveBeforeLeaving';

type Editing = { mode: 'add' } | { mode: 'edit'; key: string };

/** The form's fields of an import (the book goes beside them). */
const ImportFormSchema = LorebookImportSchema.omit({ book: true });
const FIELDS = ['name', 'description', 'avatar_url', 'tags'] as const;

/** The entries' own error ("At least 1 entry is required"); an entry is checked in its modal. */
const entriesErrorOf = (errors: FieldErrors<LorebookValues>) => (typeof errors.entries?.message === 'string' ? errors.entries.message : null);

/**
 * The create form (document 2 §2, §5): the lorebook's fields, its entries kept in the form until it is created, the
 * guidelines agreement, and the unsaved-changes guard; created, it goes to the lorebook's page. With an imported book
 * its entries are listed as they came and created with it by the import call (the API fits what breaks a rule and
 * keeps the original for the export: nothing of the file is lost); they can be changed once the lorebook exists.
 */
export function CreateLorebookForm({ imported = null }: { imported?: ImportedBook | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useZodForm(imported ? ImportFormSchema : LorebookCreateSchema, {
    defaultValues: { ...emptyLorebook(), ...(imported ? { name: imported.name, description: imported.description } : {}) } as never,
  });
  const [create, creating] = useLorebook_createMutation();
  const [importBook, importing] = useLorebook_importMutation();
  const busy = creating.isLoading || importing.isLoading;
  const [editing, setEditing] = useState<Editing | null>(null);
  const entries = (useWatch({ control: form.control, name: 'entries' as never }) ?? []) as EntryValues[];
  const { errors, isDirty } = useFormState({ control: form.control });
  // An imported book is a change of its own: leaving asks too.
  const { formRef, stay, saved, allowLeaving, dialog } = useSaveBeforeLeaving(isDirty || imported !== null, busy);

  const setEntries = (next: EntryValues[]) => {
    form.setValue('entries' as never, next as never, { shouldDirty: true });
    form.clearErrors('entries' as never);
  };

  const refused = (error: unknown) => {
    const info = apiErrorOf(error);
    const issues = ((info.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues ?? []).filter((i) => i.message);
    let shown = false;
    for (const issue of issues) {
      const field = FIELDS.find((f) => issue.path === `body.${f}`);
      if (field) {
        form.setError(field, { message: issue.message });
        shown = true;
      }
    }
    if (!shown) notify.error(info.message ?? T.failed);
    stay();
  };

  const save = async (values: LorebookCreate | Omit<LorebookImport, 'book'>) => {
    const answer = imported ? await importBook({ ...(values as Omit<LorebookImport, 'book'>), book: imported.book }) : await create(values as LorebookCreate);
    if ('error' in answer) {
      refused(answer.error);
      return;
    }
    const warnings: readonly string[] = 'warnings' in answer.data ? (answer.data as { warnings: string[] }).warnings : [];
    if (warnings.length > 0) notify.warning(warnings.join(' '));
    saved(() => {
      allowLeaving();
      void navigate(`/lorebook/${encodeURIComponent(answer.data.id)}`);
    });
  };

  const editingEntry = editing?.mode === 'edit' ? entries.find((e) => e.key === editing.key) : undefined;
  return (
    <>
      <Form form={form} onSubmit={save} onInvalid={stay} ref={formRef} aria-label={T.createTitle}>
        <FormSections>
          <fieldset className="form-fields" disabled={busy}>
            <LorebookFields />
            <FormSection aria-labelledby="lorebook-section-entries">
              <h2 id="lorebook-section-entries">{T.entries}</h2>
              <p className="section-hint">{imported ? T.importedEntriesHint : T.entriesHint}</p>
              <EntryList
                entries={imported ? imported.entries : entries}
                readOnly={imported !== null}
                error={imported ? null : entriesErrorOf(errors as FieldErrors<LorebookValues>)}
                onAdd={() => setEditing({ mode: 'add' })}
                onEdit={(key) => setEditing({ mode: 'edit', key })}
                onDelete={(key) => setEntries(entries.filter((e) => e.key !== key))}
              />
            </FormSection>
            <FormSection aria-labelledby="lorebook-section-guidelines">
              <h2 id="lorebook-section-guidelines">Community Guidelines</h2>
              <FormCheckboxField<LorebookValues> name="guidelines" label={T.guidelines} />
            </FormSection>
          </fieldset>
          <FormActions>
            <Button type="submit" loading={busy}>
              {T.create}
            </Button>
          </FormActions>
        </FormSections>
      </Form>
      {editing ? (
        <EntryModal
          mode={editing.mode}
          initial={editingEntry}
          onClose={() => setEditing(null)}
          onSave={(entry) => {
            if (editing.mode === 'add') setEntries([...entries, { ...entry, key: entryKey() }]);
            else setEntries(entries.map((e) => (e.key === editing.key ? { ...e, ...entry } : e)));
            return true;
          }}
        />
      ) : null}
      {dialog}
    </>
  );
}
