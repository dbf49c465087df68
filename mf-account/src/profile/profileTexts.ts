import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, ACCOUNT_REMOVAL_COUNTDOWN, ERROR_MESSAGES } from '@fable/contracts';

/**
 * Texts of /profile (document 1 §2 "Profile settings", §5, §8; document 2 "Account removal"). Quoted spec texts are
 * verbatim (the buttons Update, Logout, Remove Account; the Unsaved Changes dialog with Update and Discard; the
 * messages from the contracts); the others are ours where the spec shows none.
 */
export const PROFILE_TEXTS = {
  title: 'Profile',
  intro: 'How other people see you, and how the site behaves for you.',
  loading: 'Loading your profile',
  loadFailed: 'Your profile could not be loaded.',
  retry: 'Retry',
  signInTitle: 'Sign in to edit your profile',
  signInText: 'Your profile, your settings and your plan are here once you are signed in.',
  signIn: 'Sign In',

  // Sections.
  profileSection: 'Profile',
  contentSection: 'Content',
  advancedSection: 'Advanced',
  planSection: 'Current plan',
  benefits: 'Your Benefits',
  accountSection: 'Account',

  // Fields.
  avatarLabel: 'Avatar URL',
  avatarHint: 'A link to an image (https://…) or a path on this site (/…).',
  avatarInvalid: 'Enter an image link that starts with https:// or /',
  avatarRequired: 'Your avatar can be replaced but not removed: enter an image link',
  avatarPreview: 'Avatar preview',
  usernameLabel: 'Username',
  usernameHint: 'Letters, digits, _ and -, 4 to 20 characters.',
  checking: 'Checking availability…',
  available: 'Username is available',
  nameLabel: 'Name',
  highlightsLabel: 'Highlights',
  highlightsHint: 'A few words about you, shown on your creator page.',
  highlightsCounter: (n: number) => `${n} / ${ACCOUNT_LIMITS.highlightsMax}`,
  emailLabel: 'Email',
  emailRelayNote: 'Your sign-in hides your email from us. Enter an email we can reach you at.',
  showNsfwLabel: 'Show NSFW content',
  showNsfwHint: 'Lets you switch adult content on in listings and chats.',
  blurNsfwLabel: 'Blur NSFW images',
  blurNsfwHint: 'Adult avatars stay blurred until you choose to see them.',
  chatLanguageLabel: 'Preferred chat language',
  openaiKeyLabel: 'OpenAI API key',
  openaiKeyHint: 'Stored for your account and never shown again in full.',
  openaiKeySaved: (tail: string) => `A key ending in …${tail} is saved. Type a new one to replace it.`,
  openaiKeyRemove: 'Remove saved key',
  openaiKeyKeep: 'Keep saved key',
  openaiKeyWillBeRemoved: 'The saved key will be removed when you update.',
  openaiKeyNeeded: 'Add your OpenAI API key to use this mode',
  openaiModeLabel: 'OpenAI mode',
  openaiModes: {
    disabled: { label: 'Disabled', hint: 'Chat with the site’s own models.' },
    enabled: { label: 'Enabled', hint: 'Chat with your own OpenAI key.' },
    hybrid: { label: 'Hybrid', hint: 'Your key where it helps, the site’s models otherwise.' },
  },
  freePlan: 'Free',
  upgrade: 'Upgrade',
  manageSubscription: 'Manage Subscription',

  // Buttons (document 1 §2).
  update: 'Update',
  logout: 'Logout',
  removeAccount: 'Remove Account',

  // Messages.
  saved: ERROR_MESSAGES.profile.saved,
  generic: ERROR_MESSAGES.general.generic,
  offline: ERROR_MESSAGES.general.offline,
  fixErrors: 'Please fix the highlighted fields.',
  profileNameTooShort: ACCOUNT_MESSAGES.profileNameTooShort,

  // Unsaved Changes dialog (document 1 §2; its text, document 2 §8).
  unsavedTitle: 'Unsaved Changes',
  unsavedMessage: ERROR_MESSAGES.general.unsavedChanges,
  discard: 'Discard',

  // Account removal (document 2 "Account removal (related to subscriptions)").
  removalTitle: 'Remove your account',
  removalIntro: 'Removing your account cannot be undone.',
  removalEffects: [
    'Your username, name, email, avatar, highlights, OpenAI key and settings are erased; what stays is anonymised.',
    'You are signed out everywhere: every session on every device ends.',
    'An active subscription is cancelled with the account.',
  ] as const,
  removalConfirmTitle: 'Remove Account',
  removalConfirmMessage: 'Your account and its personal data will be removed. This cannot be undone.',
  removalCountdownHint: `After you confirm, you have ${ACCOUNT_REMOVAL_COUNTDOWN.seconds} seconds to cancel.`,
  removalCountdown: (seconds: number) => `Removing in ${seconds}…`,
  cancel: 'Cancel',
  subscriptionWarningTitle: 'You have an active subscription',
  subscriptionWarning: 'Removing your account also cancels your subscription.',
  proceed: 'Proceed',
  removed: 'Your account has been removed.',
} as const;
