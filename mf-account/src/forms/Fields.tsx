import styled from '@emotion/styled';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    font: inherit;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    width: 100%;
    &[aria-invalid='true'] {
      border-color: ${({ theme }) => theme.colors.error};
    }
  }
  .hint,
  .error,
  .ok {
    margin: 0;
    font-size: 0.85rem;
  }
  .hint {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .error {
    color: ${({ theme }) => theme.colors.error};
  }
  .ok {
    color: ${({ theme }) => theme.colors.success};
  }
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** A status line under the field when there is no error (availability). */
  status?: { tone: 'hint' | 'ok'; text: string } | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onChange, error, status, inputRef, id, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const noteId = `${inputId}-note`;
  const note = error ? (
    <p className="error" id={noteId} role="alert">
      {error}
    </p>
  ) : status ? (
    <p className={status.tone} id={noteId} role="status">
      {status.text}
    </p>
  ) : null;
  return (
    <FieldBox>
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...rest}
      />
      {note}
    </FieldBox>
  );
}

const CheckBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label {
    display: flex;
    align-items: flex-start;
    gap: 10px;
    cursor: pointer;
    line-height: 1.4;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  .error {
    margin: 0 0 0 28px;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.error};
  }
`;

export function CheckboxField({
  label,
  checked,
  onChange,
  error,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  name: string;
}) {
  const id = useId();
  return (
    <CheckBox>
      <label htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </CheckBox>
  );
}
