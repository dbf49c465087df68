import { useEffect, useRef, useState, type FormHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { focusFirstInvalid } from './focusFirstInvalid';

export interface FormProps<V extends FieldValues, O> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid' | 'children'> {
  /** The form from useZodForm (or react-hook-form's useForm). */
  form: UseFormReturn<V, unknown, O>;
  /** Called with the validated values. Errors it sets (form.setError) are focused like the schema's. */
  onSubmit: (values: O) => unknown;
  /** Called when validation fails, before the first invalid field is focused. */
  onInvalid?: (errors: FieldErrors<V>) => void;
  children: ReactNode;
  /** The form element, to submit it from outside (`requestSubmit()`, as a dialog's Update does). */
  ref?: Ref<HTMLFormElement>;
}

/**
 * A <form noValidate> that gives its fields the form (FormProvider), validates on submit, and after a failed submit
 * (the schema's errors, or errors the handler set from the API's answer) scrolls to and focuses the first invalid field.
 */
export function Form<V extends FieldValues, O>({ form, onSubmit, onInvalid, children, ref, ...rest }: FormProps<V, O>) {
  const element = useRef<HTMLFormElement>(null);
  const setElement = (node: HTMLFormElement | null) => {
    element.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  // Focus once the errors are on the page. The fields learn of their errors through their own subscriptions, which
  // in a browser may commit frames after this form's render (later still on a busy machine): try again on the next
  // frames, for up to a second, until one is marked.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    const root = element.current;
    if (focusRequest === 0 || !root) return;
    let frame = 0;
    const giveUpAt = Date.now() + 1000;
    const attempt = () => {
      if (!focusFirstInvalid(root) && Date.now() < giveUpAt) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);
  const requestFocus = () => setFocusRequest((n) => n + 1);

  const submit = form.handleSubmit(
    async (values) => {
      await onSubmit(values);
      requestFocus();
    },
    (errors) => {
      onInvalid?.(errors);
      requestFocus();
    },
  );
  return (
    <FormProvider {...form}>
      <form ref={setElement} noValidate onSubmit={(event) => void submit(event)} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}
