/**
 * Texts of the prompts of the listing (document 1 §2 "Other modals"): the signup modal "Register for Free" (only an
 * email is required, benefits, Create Free Account and Login), here as the NSFW unlock prompt for guests, and the
 * NSFW access modal (Cancel / Go to Profile). Quoted ones verbatim; the rest are ours.
 */
export const PROMPT_TEXTS = {
  signupTitle: 'Register for Free',
  signupNsfw: 'Create a free account to unlock NSFW chatbots.',
  signupEmailOnly: 'Only an email is required.',
  signupBenefits: ['Unlimited messages', 'Unlimited chatbot creation', '4K context memory', 'Your chats are saved'],
  createAccount: 'Create Free Account',
  login: 'Login',
  accessTitle: 'NSFW Content',
  accessMessage: 'To see NSFW chatbots, allow explicit content in your profile settings first.',
  cancel: 'Cancel',
  goToProfile: 'Go to Profile',
} as const;
