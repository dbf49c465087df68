import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@fable/contracts';
import { apiErrorOf } from '@fable/shared';

/**
 * Texts of the sign-in overlay. The spec gives the behaviour (document 1 §4 "Sign-in", §5 email check) and the
 * error texts; the labels are ours where it shows none.
 */
export const SIGN_IN_TEXTS = {
  /** The header's button reads "Sign In" (document 1 §2); the overlay is titled after it. */
  title: 'Sign In',
  intro: 'Sign in or create a free account with your email. We will send you a one-time code.',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  sendCode: 'Send code',
  or: 'or',
  continueWith: (provider: string) => `Continue with ${provider}`,
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it below.`,
  codeLabel: 'Code',
  /** The contracts' code check message (EmailCodeSchema). */
  codeInvalid: 'The code is 6 digits',
  verify: 'Sign In',
  resend: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds}s`,
  resent: 'A new code is on its way.',
  changeEmail: 'Use another email',
  // Verbatim from the spec (document 1 §5, §8).
  emailEmpty: ACCOUNT_MESSAGES.emailEmpty,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  authFailed: ERROR_MESSAGES.auth.authFailed,
  networking: ERROR_MESSAGES.auth.networking,
  tokenRefresh: ERROR_MESSAGES.auth.tokenRefresh,
} as const;

/** Seconds before a code can be sent again (ours: the spec shows none). */
export const RESEND_COOLDOWN_SECONDS = 30;

/** The message of a failed auth call: the API's own text when it sent one, else the spec's. */
export function authErrorMessage(error: unknown): string {
  const { network, message } = apiErrorOf(error);
  return network ? SIGN_IN_TEXTS.networking : (message ?? SIGN_IN_TEXTS.authFailed);
}
