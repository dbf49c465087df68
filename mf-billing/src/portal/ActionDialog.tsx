import type { ReactNode } from 'react';
import { Button, Modal } from '@fable/shared';

export interface ActionDialogProps {
  title: string;
  /** The action is on its way: the dialog cannot be closed, Cancel is disabled and the confirm button shows progress. */
  pending: boolean;
  onClose: () => void;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Nothing to confirm yet (no plan chosen, the card fields not ready). */
  confirmDisabled: boolean;
  /** What the confirm button does, when something on the dialog says it (the change-plan summary). */
  confirmDescribedBy?: string;
  children: ReactNode;
}

/**
 * A portal dialog that performs one action (change the plan, change the card): its content above Cancel and the
 * action's button. While the action is pending it stays open (Cancel, Escape and the backdrop do nothing).
 */
export function ActionDialog({ title, pending, onClose, cancelLabel, confirmLabel, onConfirm, confirmDisabled, confirmDescribedBy, children }: ActionDialogProps) {
  return (
    <Modal
      open
      title={title}
      onClose={() => {
        if (!pending) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} disabled={confirmDisabled} loading={pending} aria-describedby={confirmDescribedBy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
