import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;
export type ZodForm<S extends ZodFormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * A react-hook-form form validated by a zod schema (the same schema the API validates with, from @fable/contracts).
 * As the account forms always did: fields are validated on submit, a field's error clears when it is edited and comes
 * back only on the next submit; the first invalid field is focused by <Form>, not by react-hook-form. The schema may
 * change between renders (rules that depend on saved values or on an availability answer): the latest one validates.
 * The submit handler gets the schema's output (trimmed strings and the like).
 */
export function useZodForm<S extends ZodFormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> & { defaultValues: DefaultValues<z.input<S>> },
): ZodForm<S> {
  const latest = useRef(schema);
  useLayoutEffect(() => {
    latest.current = schema;
  });
  const resolver = useCallback<Resolver<z.input<S>, unknown, z.output<S>>>(
    (values, context, resolverOptions) => {
      const resolve = zodResolver(latest.current as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
      return resolve(values, context, resolverOptions);
    },
    [],
  );
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver,
  });
}
