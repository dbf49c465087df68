import { FormTextField, type FieldStatus } from '@fable/shared/forms';
import type { Availability } from '../signup/useUsernameAvailability';
import { SIGNUP_TEXTS as T } from '../signup/signupTexts';

/**
 * The username field of signup and of the profile, on the form kit: lower-cased as typed, the 500 ms availability
 * answer under it (checking, available, or "not available" as its error), else the rules' hint.
 */
export function UsernameField({ availability, hint }: { availability: Availability; hint: string }) {
  const status: FieldStatus =
    availability.status === 'checking'
      ? { tone: 'hint', text: T.checking }
      : availability.status === 'available'
        ? { tone: 'ok', text: T.available }
        : { tone: 'hint', text: hint };
  return (
    <FormTextField
      name="username"
      label={T.usernameLabel}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
      normalize={(value) => value.toLowerCase()}
      error={availability.status === 'unavailable' ? availability.message : null}
      status={status}
    />
  );
}
