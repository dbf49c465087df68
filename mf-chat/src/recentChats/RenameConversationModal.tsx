import styled from '@emotion/styled';
import { useEffect, useId, useState } from 'react';
import { CHAT_LIMITS } from '@fable/contracts';
import { Button, Modal, useNotify } from '@fable/shared';
import { errorMessageOf } from '../chatApi';
import { useChat_renameConversationMutation } from './conversationsApi';
import { conversationTitleError } from './conversationText';

export const RENAME_TEXTS = {
  title: 'Change Title',
  label: 'Title',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Title updated',
} as const;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  input {
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  small {
    align-self: flex-end;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
    font-size: 0.85rem;
  }
`;

/** Update title (document 1 §2 modals, §5: max 50, non-blank); PUT conversations/:id/label. */
export function RenameConversationModal({
  conversationId,
  currentTitle,
  open,
  onClose,
}: {
  conversationId: string;
  currentTitle: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const notify = useNotify();
  const [rename, { isLoading }] = useChat_renameConversationMutation();
  const [value, setValue] = useState(currentTitle);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setValue(currentTitle);
      setTouched(false);
      setServerError(null);
    }
  }, [open, currentTitle]);

  const error = conversationTitleError(value);
  const shownError = (touched ? error : null) ?? serverError;
  const disabled = error !== null || value.trim() === currentTitle.trim() || isLoading;

  const submit = async () => {
    if (disabled) return;
    const result = await rename({ conversationId, label: value });
    if ('error' in result) {
      setServerError(errorMessageOf(result.error));
      return;
    }
    notify.success(RENAME_TEXTS.renamed);
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={RENAME_TEXTS.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {RENAME_TEXTS.cancel}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={disabled} loading={isLoading}>
            {RENAME_TEXTS.save}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field>
          <label htmlFor={id}>{RENAME_TEXTS.label}</label>
          <input
            id={id}
            value={value}
            autoComplete="off"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setTouched(true);
              setServerError(null);
            }}
          />
          <small>
            {value.trim().length}/{CHAT_LIMITS.conversationTitleMax}
          </small>
          {shownError ? (
            <p id={`${id}-error`} role="alert">
              {shownError}
            </p>
          ) : null}
        </Field>
      </form>
    </Modal>
  );
}
