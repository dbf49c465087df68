// The form kit (issue 12 §4): fields, react-hook-form with the zod resolver, focus on the first invalid field, and the
// unsaved-changes guard. How to use it: README.md beside this file.
export * from './FieldNote';
export * from './TextFields';
export * from './ChoiceFields';
export { Fieldset } from './fieldStyles';
export * from './focusFirstInvalid';
export * from './useZodForm';
export * from './Form';
export * from './FormFields';
export * from './useUnsavedChangesGuard';
export * from './UnsavedChangesDialog';
export * from './reactHookForm';
