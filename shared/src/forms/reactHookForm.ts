// The parts of react-hook-form the apps use beside the kit, re-exported so that every app runs on the one copy the
// host provides with @fable/shared (a remote's own copy would not see the kit's FormProvider). As with the router:
// import them from @fable/shared, never from react-hook-form.
export { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
export type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
