import { ERROR_MESSAGES } from '@fable/contracts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

/** The dialog's texts (document 1 §2 "Unsaved Changes" with Update and Discard; its message, document 2 §8). */
export const UNSAVED_CHANGES_TEXTS = {
  title: 'Unsaved Changes',
  message: ERROR_MESSAGES.general.unsavedChanges,
  update: 'Update',
  discard: 'Discard',
} as const;

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** The Update is saving: the dialog cannot be closed and Discard waits. */
  saving: boolean;
  /** Save, then leave. */
  onUpdate: () => void;
  /** Drop the changes and leave. */
  onDiscard: () => void;
  /** Escape, the close button and the backdrop: stay on the page. */
  onStay: () => void;
  /** The save button's label (a form may call it Save). */
  updateLabel?: string;
}

/**
 * The Unsaved Changes dialog with Update and Discard. Built on Modal rather than ConfirmationModal: that one closes by
 * the same callback for Cancel and for Escape, and here they differ (Discard leaves and drops the changes, Escape stays).
 */
export function UnsavedChangesDialog({ open, saving, onUpdate, onDiscard, onStay, updateLabel = UNSAVED_CHANGES_TEXTS.update }: UnsavedChangesDialogProps) {
  const T = UNSAVED_CHANGES_TEXTS;
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!saving) onStay();
      }}
      title={T.title}
      size="sm"
      data-testid="unsaved-changes"
      footer={
        <>
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            {T.discard}
          </Button>
          <Button onClick={onUpdate} loading={saving}>
            {updateLabel}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{T.message}</p>
    </Modal>
  );
}
