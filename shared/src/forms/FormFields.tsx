import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { CheckboxField, RadioGroupField, SelectField, type CheckboxFieldProps, type RadioGroupFieldProps, type SelectFieldProps } from './ChoiceFields';
import { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from './TextFields';

/** What a field bound to the <Form> around it takes instead of value and onChange. */
interface Bound<V extends FieldValues, T> {
  /** The field's path in the form's values. */
  name: FieldPath<V>;
  /** Shown when the form holds no error for this field (an error from outside the schema: an availability answer). */
  error?: string | null;
  /** Applied to what the user types before it is stored (lower-casing a username). */
  normalize?: (value: T) => T;
}

/** The value, onChange and error of the field `name` of the surrounding <Form>; editing clears its error. */
function useBoundField<V extends FieldValues, T>({ name, error, normalize }: Bound<V, T>) {
  const { control, clearErrors } = useFormContext<V>();
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: field.value as T,
    onChange: (next: T) => {
      field.onChange(normalize ? normalize(next) : next);
      if (fieldState.error) clearErrors(name);
    },
    error: fieldState.error?.message ?? error ?? null,
  };
}

type Unbound<P> = Omit<P, 'name' | 'value' | 'checked' | 'onChange' | 'error' | 'ref'>;

/** A TextField bound to the surrounding <Form> by `name`: its error under it, `limit` for the counter. */
export function FormTextField<V extends FieldValues = FieldValues>({ name, error, normalize, ...rest }: Unbound<TextFieldProps> & Bound<V, string>) {
  const bound = useBoundField<V, string>({ name, error, normalize });
  return <TextField {...rest} {...bound} value={bound.value ?? ''} />;
}

/** A TextAreaField bound to the surrounding <Form> by `name`. */
export function FormTextAreaField<V extends FieldValues = FieldValues>({ name, error, normalize, ...rest }: Unbound<TextAreaFieldProps> & Bound<V, string>) {
  const bound = useBoundField<V, string>({ name, error, normalize });
  return <TextAreaField {...rest} {...bound} value={bound.value ?? ''} />;
}

/** A SelectField bound to the surrounding <Form> by `name`. */
export function FormSelectField<O extends string, V extends FieldValues = FieldValues>({
  name,
  error,
  ...rest
}: Unbound<SelectFieldProps<O>> & Omit<Bound<V, O>, 'normalize'>) {
  const bound = useBoundField<V, O>({ name, error });
  return <SelectField<O> {...rest} {...bound} />;
}

/** A CheckboxField bound to the surrounding <Form> by `name` (a boolean value). */
export function FormCheckboxField<V extends FieldValues = FieldValues>({ name, error, ...rest }: Unbound<CheckboxFieldProps> & Omit<Bound<V, boolean>, 'normalize'>) {
  const { value, onBlur: _onBlur, ...bound } = useBoundField<V, boolean>({ name, error });
  return <CheckboxField {...rest} {...bound} checked={Boolean(value)} />;
}

/** A RadioGroupField bound to the surrounding <Form> by `name`. */
export function FormRadioGroupField<O extends string, V extends FieldValues = FieldValues>({
  name,
  error,
  ...rest
}: Unbound<RadioGroupFieldProps<O>> & Omit<Bound<V, O>, 'normalize'>) {
  const { onBlur: _onBlur, ...bound } = useBoundField<V, O>({ name, error });
  return <RadioGroupField<O> {...rest} {...bound} />;
}
