/** Texts of Your Drafts (document 1 §2 "My Chatbots": the Drafts tile); the spec quotes none of them but the heading. */
export const DRAFTS_TEXTS = {
  heading: 'Your Drafts',
  loading: 'Loading',
  listLabel: 'Your drafts',
  untitled: 'Untitled chatbot',
  saved: 'Saved',
  continue: 'Continue',
  delete: 'Delete',
  emptyTitle: 'No drafts yet',
  emptyText: 'Save a chatbot as a draft and finish it when you are ready.',
  createChatbot: 'Create Chatbot',
  deleteTitle: 'Delete draft',
  deleteMessage: (name: string) => `Delete the draft "${name}"? This cannot be undone.`,
  deleteConfirm: 'Delete',
  signInTitle: 'Sign in to see your drafts',
  signIn: 'Sign In',
} as const;
