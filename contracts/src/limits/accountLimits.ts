/** Account, sign-in and profile limits (document 1 §5 "Validation rules", §9). */
export const ACCOUNT_LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  /** Profile status text reads invalid below 4 characters. */
  usernameProfileValidMin: 4,
  /** Partner signup variant: username and name at least 4. */
  partnerUsernameMin: 4,
  partnerNameMin: 4,
  displayNameMin: 3,
  displayNameMax: 20,
  highlightsMin: 3,
  /**
   * "Highlights should be less than N characters (value not shown)"; document 1 §9 says "one note gives highlight
   * max as a shared constant": we share the persona highlights max, 1000.
   */
  highlightsMax: 1000,
  openaiApiKeyMax: 200,
  /** Availability is checked after a 500 ms pause once the length is at least 3. */
  usernameCheckDebounceMs: 500,
  usernameCheckMinLength: 3,
  /** Minimum age to sign up. */
  minimumAge: 18,
} as const;

/**
 * Username characters. The spec says "valid characters only" for the main signup and "letters, digits, underscore
 * and hyphen only" for the partner variant: we use the partner rule for both. Usernames are stored lower-case.
 */
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

/** Sign-in email check: local part, at, domain, top-level domain of 2+ letters (document 1 §5). */
export const SIGN_IN_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** Verbatim account validation messages (document 1 §5). */
export const ACCOUNT_MESSAGES = {
  usernameEmpty: "Username can't be empty",
  usernameTooShort: 'Username is too short',
  usernameTooLong: 'Username should be less then 20 characters',
  usernameInvalidChars: 'Username contain invalid characters',
  usernameNotAvailable: 'Username is not available',
  partnerUsernameTooShort: 'Username is too short, it should be at least 4 characters long.',
  partnerNameTooShort: 'Name is too short, it should be at least 4 characters long.',
  nameEmpty: "Name can't be empty",
  nameTooShort: 'Name should be of atleast 3 characters',
  profileNameTooShort: 'Name is too short',
  /** ours: display name max message not shown. */
  nameTooLong: 'Name should be 20 characters or less',
  highlightsTooShort: 'Highlights is too short',
  highlightsTooLong: 'Highlights should be less than 1000 characters',
  emailEmpty: 'Email can not be empty',
  emailInvalid: 'Please enter a valid email address',
  /** ours: OpenAI key max message not shown. */
  openaiApiKeyTooLong: 'API key should be 200 characters or less',
  ageLabel: 'I confirm that I am 18 year or older',
  ageRequired: 'You must confirm that you are 18 years or older.',
  termsRequired: 'You must agree with the terms and conditions.',
} as const;

/**
 * Account removal countdown (document 2 §9: "a constant plus 1 seconds (value not shown)"): the constant is ours,
 * 5, so the confirm button counts down from 6.
 */
export const ACCOUNT_REMOVAL_COUNTDOWN = { baseSeconds: 5, seconds: 5 + 1 } as const;

/**
 * Email-local constants (document 1 §9: "hour constant one hour, a one-week value, and a constant 20 (purposes not
 * shown)"). Kept for completeness.
 */
export const EMAIL_LOCAL_CONSTANTS = { oneHourMs: 3_600_000, oneWeekMs: 604_800_000, twenty: 20 } as const;
