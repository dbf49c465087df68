import { useRef, useState } from 'react';
import { LorebookCreateSchema, LorebookEntryInputSchema, type LorebookCreate } from '@fable/contracts';
import { apiErrorOf, Button, useNavigate, useNotify } from '@fable/shared';
import {
  Form,
  FormCheckboxField,
  UnsavedChangesDialog,
  useFormState,
  useUnsavedChangesGuard,
  useWatch,
  useZodForm,
  type FieldErrors,
} from '@fable/shared/forms';
import { EntryList } from './EntryList';
import { EntryModal } from './EntryModal';
import { Actions, LorebookFields, Section, Sections } from './lorebookFormParts';
import { useLorebook_createMutation } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';
import { entryKey, type EntryValues, type LorebookValues } from './lorebookValues';

type Editing = { mode: 'add' } | { mode: 'edit'; key: string };

/** An entry's errors in the form (the schema checks every entry on submit). */
const entryErrorsOf = (errors: FieldErrors<LorebookValues>) => errors.entries as unknown as ((object | undefined)[] & { message?: string }) | undefined;

/**
 * The create form (document 2 §2, §5): the lorebook's fields, its entries kept in the form until it is created (an
 * imported lorebook's included, their extensions with them), the guidelines agreement, and the unsaved-changes guard.
 * Created, it goes to the lorebook's page.
 */
export function CreateLorebookForm({ initial }: { initial: LorebookValues }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useZodForm(LorebookCreateSchema, { defaultValues: initial as never });
  const formRef = useRef<HTMLFormElement>(null);
  // Update in the unsaved-changes dialog: once saved, go where the member was going.
  const leaving = useRef(false);
  const [create, creating] = useLorebook_createMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const entries = (useWatch({ control: form.control, name: 'entries' }) ?? []) as EntryValues[];
  const { errors, isDirty } = useFormState({ control: form.control });
  const guard = useUnsavedChangesGuard(isDirty);

  const entryErrors = entryErrorsOf(errors);
  // An entry is marked while it breaks a rule: from the import on, or after a submit found it.
  const rows = entries.map((entry, i) => ({
    ...entry,
    invalid: Boolean(Array.isArray(entryErrors) && entryErrors[i]) || !LorebookEntryInputSchema.safeParse(entry).success,
  }));
  const setEntries = (next: EntryValues[]) => {
    form.setValue('entries', next, { shouldDirty: true });
    form.clearErrors('entries');
  };

  const save = async (values: LorebookCreate) => {
    const answer = await create(values);
    if ('error' in answer) {
      const error = apiErrorOf(answer.error);
      const field = (error.details as { field?: unknown } | undefined)?.field;
      const message = error.message ?? T.failed;
      if (typeof field === 'string' && ['name', 'description', 'avatar_url', 'tags'].includes(field)) {
        form.setError(field as 'name', { message });
      } else notify.error(message);
      leaving.current = false;
      guard.reset();
      return;
    }
    guard.allowLeaving();
    if (leaving.current) guard.proceed();
    else void navigate(`/lorebook/${encodeURIComponent(answer.data.id)}`);
  };

  const editingEntry = editing?.mode === 'edit' ? entries.find((e) => e.key === editing.key) : undefined;
  return (
    <>
      <Form form={form} onSubmit={save} onInvalid={() => {
          leaving.current = false;
          guard.reset();
        }} ref={formRef} aria-label={T.createTitle}>
        <Sections>
          <fieldset className="lorebook-fields" disabled={creating.isLoading}>
            <LorebookFields />
            <Section aria-labelledby="lorebook-section-entries">
              <h2 id="lorebook-section-entries">{T.entries}</h2>
              <p className="section-hint">{T.entriesHint}</p>
              <EntryList
                entries={rows}
                error={typeof entryErrors?.message === 'string' ? entryErrors.message : null}
                onAdd={() => setEditing({ mode: 'add' })}
                onEdit={(key) => setEditing({ mode: 'edit', key })}
                onDelete={(key) => setEntries(entries.filter((e) => e.key !== key))}
              />
            </Section>
            <Section aria-labelledby="lorebook-section-guidelines">
              <h2 id="lorebook-section-guidelines">Community Guidelines</h2>
              <FormCheckboxField<LorebookValues> name="guidelines" label={T.guidelines} />
            </Section>
          </fieldset>
          <Actions>
            <Button type="submit" loading={creating.isLoading}>
              {T.create}
            </Button>
          </Actions>
        </Sections>
      </Form>
      {editing ? (
        <EntryModal
          mode={editing.mode}
          initial={editingEntry}
          onClose={() => setEditing(null)}
          onSave={(entry) => {
            if (editing.mode === 'add') setEntries([...entries, { ...entry, key: entryKey() }]);
            // An imported entry keeps its extensions.
            else setEntries(entries.map((e) => (e.key === editing.key ? { ...e, ...entry } : e)));
            return true;
          }}
        />
      ) : null}
      <UnsavedChangesDialog
        open={guard.blocked}
        saving={creating.isLoading}
        onUpdate={() => {
          leaving.current = true;
          formRef.current?.requestSubmit();
        }}
        onDiscard={guard.proceed}
        onStay={guard.reset}
        texts={T.unsaved}
      />
    </>
  );
}
