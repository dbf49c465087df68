import styled from '@emotion/styled';
import { useId, useRef, useEffect } from 'react';
import { Button, textInputCss } from '@fable/shared';
import { MEMORY_MAX, memoryError, memorySaveDisabled } from './memoryRules';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 6px;
  textarea {
    width: 100%;
    min-height: 72px;
    resize: vertical;
    box-sizing: border-box;
    ${({ theme }) => textInputCss(theme)}
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  justify-content: flex-end;
`;

const Counter = styled.span<{ $over: boolean }>`
  margin-right: auto;
  font-size: 0.8rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.error : theme.colors.textMuted)};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.error};
`;

export interface MemoryEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  /** The saved text (edit); Save stays disabled while the text equals it. */
  original?: string;
  saving: boolean;
  submitLabel: string;
  cancelLabel?: string;
  /** The server's message after a failed save. */
  serverError?: string | null;
  /** Moves focus into the text when the editor appears (it replaces the Edit button that was pressed). */
  focusOnMount?: boolean;
}

/** A memory text with its 250 counter and the save rules of document 1 §5. */
export function MemoryEditor(props: MemoryEditorProps) {
  const { label, value, onChange, onSubmit, onCancel, original, saving, submitLabel, cancelLabel, serverError, focusOnMount } = props;
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const error = memoryError(value);
  const disabled = memorySaveDisabled({ text: value, original, saving });
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  const message = error ?? serverError ?? null;
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onSubmit();
      }}
    >
      <textarea
        ref={ref}
        aria-label={label}
        placeholder={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-count`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      {message ? (
        <ErrorText id={`${id}-error`} role="alert">
          {message}
        </ErrorText>
      ) : null}
      <Row>
        <Counter id={`${id}-count`} $over={error !== null}>
          {value.trim().length}/{MEMORY_MAX}
        </Counter>
        {onCancel ? (
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
            {cancelLabel}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={disabled} loading={saving}>
          {submitLabel}
        </Button>
      </Row>
    </Form>
  );
}
