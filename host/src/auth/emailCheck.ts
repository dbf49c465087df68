import { ACCOUNT_MESSAGES, SIGN_IN_EMAIL_PATTERN } from '@fable/contracts';

/**
 * The sign-in email check (document 1 §5): local part, at, domain, top-level domain of 2+ letters; otherwise
 * the field errors and no login starts. Returns the message to show, or null when the email passes.
 */
export function signInEmailError(email: string): string | null {
  const value = email.trim();
  if (value.length === 0) return ACCOUNT_MESSAGES.emailEmpty;
  if (!SIGN_IN_EMAIL_PATTERN.test(value)) return ACCOUNT_MESSAGES.emailInvalid;
  return null;
}
