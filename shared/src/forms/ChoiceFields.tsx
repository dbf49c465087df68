import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { CheckBox, FieldBox, Fieldset } from './fieldStyles';
import { useFieldNote, type FieldNoteProps } from './FieldNote';

export interface SelectFieldProps<V extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'>,
    Omit<FieldNoteProps, 'limit'> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select of the given options. */
export function SelectField<V extends string>({ label, value, options, onChange, error, status, hint, id, ref, ...rest }: SelectFieldProps<V>) {
  const note = useFieldNote({ error, status, hint });
  const selectId = id ?? note.id;
  return (
    <FieldBox>
      <label htmlFor={selectId}>{label}</label>
      <select
        ref={ref}
        id={selectId}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        aria-invalid={note.invalid}
        aria-describedby={note.describedBy}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {note.row}
    </FieldBox>
  );
}

export interface CheckboxFieldProps extends Omit<FieldNoteProps, 'limit' | 'status'> {
  /** The text beside the box (it may hold a link). */
  label: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it and its error under it. */
export function CheckboxField({ label, name, checked, onChange, error, hint, disabled, ref }: CheckboxFieldProps) {
  const note = useFieldNote({ error, hint });
  return (
    <CheckBox>
      <label htmlFor={note.id}>
        <input
          ref={ref}
          id={note.id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={note.invalid}
          aria-describedby={note.describedBy}
        />
        <span>{label}</span>
      </label>
      {note.row}
    </CheckBox>
  );
}

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  hint?: ReactNode;
}

export interface RadioGroupFieldProps<V extends string> extends Omit<FieldNoteProps, 'limit' | 'status'> {
  legend: string;
  name: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
  /** Given to the checked option's input (the one to focus), or to the first. */
  ref?: Ref<HTMLInputElement>;
}

/** A fieldset of radio options (arrow keys move between them), its error under the options. */
export function RadioGroupField<V extends string>({ legend, name, value, options, onChange, error, hint, ref }: RadioGroupFieldProps<V>) {
  const note = useFieldNote({ error, hint });
  const focusTarget = options.some((o) => o.value === value) ? value : options[0]?.value;
  return (
    <Fieldset role="radiogroup" aria-invalid={note.invalid} aria-describedby={note.describedBy}>
      <legend>{legend}</legend>
      <div className="options">
        {options.map((o) => (
          <label key={o.value}>
            <input
              ref={o.value === focusTarget ? ref : undefined}
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>
              <span className="option-label">{o.label}</span>
              {o.hint ? <span className="option-hint">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {note.row}
    </Fieldset>
  );
}
