import styled from '@emotion/styled';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** The look of the account forms' fields (forms/Fields.tsx) for a textarea, a select and a radio group. */
const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label,
  legend {
    font-weight: 600;
    font-size: 0.9rem;
  }
  textarea,
  select {
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
  textarea {
    resize: vertical;
    min-height: 96px;
    line-height: 1.5;
  }
  .row {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    align-items: baseline;
  }
  .hint,
  .error,
  .counter {
    margin: 0;
    font-size: 0.85rem;
  }
  .hint,
  .counter {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .counter {
    flex: none;
    font-variant-numeric: tabular-nums;
  }
  .counter[data-over='true'],
  .error {
    color: ${({ theme }) => theme.colors.error};
  }
`;

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  /** Shown as "n / max" beside the note. */
  max: number;
}

export function TextAreaField({ label, value, onChange, error, hint, max, id, ...rest }: TextAreaFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const noteId = `${inputId}-note`;
  const counterId = `${inputId}-counter`;
  const length = value.trim().length;
  return (
    <FieldBox>
      <label htmlFor={inputId}>{label}</label>
      <textarea
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${noteId} ${counterId}`}
        {...rest}
      />
      <div className="row">
        {error ? (
          <p className="error" id={noteId} role="alert">
            {error}
          </p>
        ) : (
          <p className="hint" id={noteId}>
            {hint}
          </p>
        )}
        <p className="counter" id={counterId} data-over={length > max} aria-live="polite">
          {length} / {max}
        </p>
      </div>
    </FieldBox>
  );
}

export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  name: string;
}) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldBox>
  );
}

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 8px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  .options {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
    gap: 8px;
  }
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    cursor: pointer;
    line-height: 1.35;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  input {
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
  .option-label {
    display: block;
    font-weight: 600;
  }
  .option-hint {
    display: block;
    font-size: 0.82rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .error {
    margin: 6px 0 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.error};
  }
`;

export function RadioGroupField<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string; hint?: ReactNode }[];
  onChange: (value: V) => void;
  error?: string | null;
}) {
  const errorId = useId();
  return (
    <Fieldset aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="options">
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>
              <span className="option-label">{o.label}</span>
              {o.hint ? <span className="option-hint">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </Fieldset>
  );
}
