import { useId } from 'react';
import { LOREBOOK_LIMITS as L, LorebookEntryInputSchema, type LorebookEntryInput } from '@fable/contracts';
import { Button, Modal } from '@fable/shared';
import { Form, FormTextAreaField, FormTextField, useZodForm } from '@fable/shared/forms';
import { KeywordsField } from './KeywordsField';
import { LOREBOOK_TEXTS } from './lorebookTexts';

const T = LOREBOOK_TEXTS.entryModal;

type EntryFormValues = Pick<LorebookEntryInput, 'name' | 'keywords' | 'content'>;

export interface EntryModalProps {
  mode: 'add' | 'edit';
  /** The entry being edited (edit mode). */
  initial?: EntryFormValues;
  /** Saves the entry; resolves true when it was saved (the modal closes), false to stay open (the caller said why). */
  onSave: (entry: EntryFormValues) => Promise<boolean> | boolean;
  onClose: () => void;
}

const empty: EntryFormValues = { name: '', keywords: [], content: '' };

/**
 * The entry modal (document 2 §4: add and edit modes; §5: name 3..50, keywords 2..12 of at most 100, content 3..1000,
 * with the spec's messages from LorebookEntryInputSchema). Render it while open: each opening starts from `initial`.
 */
export function EntryModal({ mode, initial, onSave, onClose }: EntryModalProps) {
  const formId = useId();
  const form = useZodForm(LorebookEntryInputSchema.pick({ name: true, keywords: true, content: true }), {
    defaultValues: { ...empty, ...initial, keywords: [...(initial?.keywords ?? [])] },
  });
  const saving = form.formState.isSubmitting;
  const submit = async (values: EntryFormValues) => {
    if (await onSave(values)) onClose();
  };
  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={mode === 'add' ? T.addTitle : T.editTitle}
      size="lg"
      data-testid="entry-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {mode === 'add' ? T.add : T.save}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id={formId} aria-label={mode === 'add' ? T.addTitle : T.editTitle}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 14 }}>
          <FormTextField<EntryFormValues> name="name" label={T.name} limit={L.entryNameMax} autoComplete="off" />
          <KeywordsField />
          <FormTextAreaField<EntryFormValues> name="content" label={T.content} hint={T.contentHint} limit={L.entryContentMax} rows={8} />
        </div>
      </Form>
    </Modal>
  );
}
