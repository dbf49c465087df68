import { useRef } from 'react';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@fable/shared/forms';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

/**
 * The lorebook forms' unsaved-changes guard (document 2 §4, §8 'You have unsaved changes'): leaving while `dirty` opens
 * the dialog; Discard leaves, Update submits the form (`formRef`) and, once it is saved, goes where the member was
 * going. The form calls `stay()` when the submit did not save (invalid, refused) and `saved(then)` when it did.
 */
export function useSaveBeforeLeaving(dirty: boolean, saving: boolean) {
  const guard = useUnsavedChangesGuard(dirty);
  const formRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const stay = () => {
    leaving.current = false;
    guard.reset();
  };
  /** After a save: on to where the member was going (Update), else `then`. */
  const saved = (then?: () => void) => {
    if (!leaving.current) {
      then?.();
      return;
    }
    guard.allowLeaving();
    guard.proceed();
  };
  const dialog = (
    <UnsavedChangesDialog
      open={guard.blocked}
      saving={saving}
      onUpdate={() => {
        leaving.current = true;
        formRef.current?.requestSubmit();
      }}
      onDiscard={guard.proceed}
      onStay={guard.reset}
      texts={T.unsaved}
    />
  );
  return { formRef, stay, saved, allowLeaving: guard.allowLeaving, dialog };
}
