import { Button, Modal } from '@fable/shared';

/**
 * The dialog's texts, from the page (they live beside it and in contracts; the spec's: title "Unsaved Changes", the
 * buttons Update and Discard, document 1 §2; the message ERROR_MESSAGES.general.unsavedChanges, document 2 §8).
 * Given rather than imported here: the error catalogue would otherwise load with the shell on every page.
 */
export interface UnsavedChangesTexts {
  title: string;
  message: string;
  update: string;
  discard: string;
}

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
  texts: UnsavedChangesTexts;
}

/**
 * The Unsaved Changes dialog with Update and Discard. Built on Modal rather than ConfirmationModal: that one closes by
 * the same callback for Cancel and for Escape, and here they differ (Discard leaves and drops the changes, Escape stays).
 */
export function UnsavedChangesDialog({ open, saving, onUpdate, onDiscard, onStay, texts: T }: UnsavedChangesDialogProps) {
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
            {T.update}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{T.message}</p>
    </Modal>
  );
}
