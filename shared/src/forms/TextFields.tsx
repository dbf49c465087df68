import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { FieldBox } from './fieldStyles';
import { useFieldNote, type FieldNoteProps } from './FieldNote';

type Controlled = 'onChange' | 'value' | 'children';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, Controlled>, FieldNoteProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error, status or hint under it and an optional counter (`limit`). Controlled. */
export function TextField({ label, value, onChange, error, status, hint, limit, id, ref, ...rest }: TextFieldProps) {
  const note = useFieldNote({ error, status, hint, limit }, value);
  const inputId = id ?? note.id;
  return (
    <FieldBox>
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={note.invalid}
        aria-describedby={note.describedBy}
        {...rest}
      />
      {note.row}
    </FieldBox>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Controlled>, FieldNoteProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea, like TextField; give `limit` for the "n / limit" counter. */
export function TextAreaField({ label, value, onChange, error, status, hint, limit, id, ref, ...rest }: TextAreaFieldProps) {
  const note = useFieldNote({ error, status, hint, limit }, value);
  const inputId = id ?? note.id;
  return (
    <FieldBox>
      <label htmlFor={inputId}>{label}</label>
      <textarea
        ref={ref}
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={note.invalid}
        aria-describedby={note.describedBy}
        {...rest}
      />
      {note.row}
    </FieldBox>
  );
}
