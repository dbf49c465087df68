import styled from '@emotion/styled';
import { useId } from 'react';
import { CHAT_LIMITS } from '@fable/contracts';
import { textInputCss } from '@fable/shared';

/** Texts of the conversation title (document 1 §2 modals "Update title"; the field's words are ours). */
export const TITLE_TEXTS = {
  label: 'Title',
  updateTitle: 'Update title',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Title updated',
} as const;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 600;
  }
  input {
    ${({ theme }) => textInputCss(theme)}
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

export interface TitleFieldProps {
  value: string;
  /** The error to show under the field (the title rule once edited, or the server's), null for none. */
  error: string | null;
  onChange: (value: string) => void;
}

/** The conversation title input (Update title, Clone Conversation): label, counter of the trimmed length, error. */
export function TitleField({ value, error, onChange }: TitleFieldProps) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{TITLE_TEXTS.label}</label>
      <input
        id={id}
        type="text"
        value={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <small>
        {value.trim().length}/{CHAT_LIMITS.conversationTitleMax}
      </small>
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </Field>
  );
}
