import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@fable/contracts';

/**
 * Texts of signup and onboarding (document 1 §2 "Signup", "Other modals: onboarding (Welcome Aboard, Community
 * Guidelines Agreement)"; §5). Quoted spec texts are verbatim; the others are ours where the spec shows none.
 */
export const SIGNUP_TEXTS = {
  welcomeAboard: 'Welcome Aboard',
  guidelinesTitle: 'Community Guidelines Agreement',
  intro: 'Pick a username and tell us what to call you.',
  usernameLabel: 'Username',
  usernameHint: 'Letters, digits, _ and -, 3 to 20 characters.',
  partnerUsernameHint: 'Letters, digits, _ and -, 4 to 20 characters.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  emailHint: 'Your sign-in hides your email from us. Where can we reach you?',
  checking: 'Checking availability…',
  available: 'Username is available',
  ageLabel: ACCOUNT_MESSAGES.ageLabel,
  termsLabelBefore: 'I agree with the ',
  termsLink: 'terms and conditions',
  rulesHeading: 'Our community rules',
  /** "Rules shown: no hate speech, no underage, no incest" (document 1 §2). */
  rules: ['No hate speech', 'No underage', 'No incest'] as const,
  continue: 'Continue',
  guidelinesIntro: 'Before you start, please agree to keep our community safe:',
  guidelinesDetails: [
    'No hate speech: no content that attacks people for who they are.',
    'No underage: every character in sexual content must be an adult.',
    'No incest: no sexual content between blood relatives.',
  ] as const,
  guidelinesLabelBefore: 'I agree to follow the ',
  guidelinesLink: 'Community Guidelines',
  back: 'Back',
  startChatting: 'Start Chatting',
  signInTitle: 'Create your free account',
  signInText: 'Sign in with your email or a social account to pick your username.',
  signIn: 'Sign In',
  // Spec messages.
  usernameNotAvailable: ACCOUNT_MESSAGES.usernameNotAvailable,
  ageRequired: ACCOUNT_MESSAGES.ageRequired,
  termsRequired: ACCOUNT_MESSAGES.termsRequired,
  generic: ERROR_MESSAGES.general.generic,
} as const;

export const UPDATE_EMAIL_TEXTS = {
  title: 'Update your email',
  intro: 'Your sign-in hides your email address. Enter the email we can reach you at.',
  emailLabel: 'Email',
  submit: 'Update',
  saved: 'Email updated',
} as const;

/** document 1 §2 "Invalid account page", verbatim; the buttons are "logout and back-to-home". */
export const INVALID_ACCOUNT_TEXTS = {
  message: ERROR_MESSAGES.auth.invalidAccount,
  logout: 'Logout',
  backToHome: 'Back to home',
} as const;
