import styled from '@emotion/styled';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';

/** Shown when a failed action throws something without a message (document 1 §8 generic text). */
export const CONFIRMATION_DEFAULT_ERROR = 'Something went wrong!';

export interface ConfirmationModalProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button; focus starts on Cancel. */
  destructive?: boolean;
  /**
   * The action. When it returns a promise the confirm button shows progress and the dialog closes once
   * it resolves; when it throws, the error's message (or `errorFallback`) shows in red under the message
   * and the dialog stays open (document 1 §8 "Confirmation modal").
   */
  onConfirm: () => unknown;
  /** Cancel, Escape, a backdrop click, and a successful confirm. */
  onClose: () => void;
  errorFallback?: string;
  /** Extra content under the message (a checkbox, a list). */
  children?: ReactNode;
  /** Where focus goes on close when the element it came from is gone (Modal's fallbackFocusRef). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

const Message = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  p {
    margin: 0 0 8px;
  }
`;

const ErrorText = styled.p`
  margin: 12px 0 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.errorSoft};
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;

function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return fallback;
}

/** A yes/no dialog: title, message, Cancel and a confirm button (red when destructive). */
export function ConfirmationModal(props: ConfirmationModalProps) {
  // Its state lives only while it is open: each opening starts with no error and nothing pending.
  return props.open ? <OpenConfirmationModal {...props} /> : null;
}

function OpenConfirmationModal({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onClose,
  errorFallback = CONFIRMATION_DEFAULT_ERROR,
  children,
  fallbackFocusRef,
}: ConfirmationModalProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (thrown) {
      setPending(false);
      setError(errorMessage(thrown, errorFallback));
    }
  };

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      aria-describedby={message ? messageId : undefined}
      initialFocusRef={destructive ? cancelRef : confirmRef}
      fallbackFocusRef={fallbackFocusRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message ? <Message id={messageId}>{typeof message === 'string' ? <p>{message}</p> : message}</Message> : null}
      {children}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Modal>
  );
}
