import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldBox } from './fieldStyles';
import { useFieldNote, type FieldNoteProps } from './FieldNote';

type Controlled = 'onChange' | 'value' | 'children';

/** What a text input and a textarea take beside their element's attributes. Controlled. */
interface TextProps extends FieldNoteProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  id?: string;
}

export type TextFieldProps = TextProps & Omit<InputHTMLAttributes<HTMLInputElement>, Controlled> & { ref?: Ref<HTMLInputElement> };
export type TextAreaFieldProps = TextProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Controlled> & { ref?: Ref<HTMLTextAreaElement> };

/** The label, the line under the control and the control's value, id and aria: what both text fields share. */
function useTextField<E extends object>({ label, value, onChange, error, status, hint, limit, id, ...element }: TextProps & E) {
  const note = useFieldNote({ error, status, hint, limit }, value);
  const controlId = id ?? note.id;
  const control = {
    ...element,
    id: controlId,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    'aria-invalid': note.invalid,
    'aria-describedby': note.describedBy,
  };
  const field = (input: ReactNode) => (
    <FieldBox>
      <label htmlFor={controlId}>{label}</label>
      {input}
      {note.row}
    </FieldBox>
  );
  return { control, field };
}

/** A labelled text input with its error, status or hint under it and an optional counter (`limit`). */
export function TextField(props: TextFieldProps) {
  const { control, field } = useTextField(props);
  return field(<input {...control} />);
}

/** A labelled textarea, like TextField; give `limit` for the "n / limit" counter. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { control, field } = useTextField(props);
  return field(<textarea {...control} />);
}
