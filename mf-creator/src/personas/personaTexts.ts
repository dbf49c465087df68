import { ERROR_CODES, ERROR_MESSAGES, PERSONA_ERROR_MESSAGES } from '@fable/contracts';

const E = PERSONA_ERROR_MESSAGES;

/**
 * Texts of My Personas and the persona form (document 2 §2, §4, §5, §8), verbatim where the spec quotes them: the
 * toasts by error type, the Limit Reached modal, the default-cannot-be-deleted message, the unsaved-changes dialog.
 * The others (headings, labels, success toasts, the marketing page) are ours.
 */
export const PERSONA_TEXTS = {
  heading: 'My Personas',
  lead: 'Who you are in a chat: chatbots call you by the name and read the highlights of the persona you chat as.',
  searchLabel: 'Search personas',
  searchPlaceholder: 'Search your personas...',
  listLabel: 'Your personas',
  count: (shown: number, total: number) => (shown === total ? `${total} ${total === 1 ? 'persona' : 'personas'}` : `${shown} of ${total} personas`),
  allowance: (total: number, limit: number) => `${total} of ${limit} used`,
  createPersona: 'Create Persona',
  defaultBadge: 'Default',
  makeDefault: 'Make Default',
  edit: 'Edit',
  delete: 'Delete',
  loading: 'Loading your personas',
  emptyTitle: 'No personas yet',
  emptyHint: 'Create one to choose who you are when a chat starts. Your first persona becomes your default.',
  noResults: 'No persona matches your search.',
  noResultsHint: 'Try another name or word from its highlights.',
  failedTitle: E[ERROR_CODES.PERSONA_GET_FAILED],
  failedHint: ERROR_MESSAGES.search.failedHint,
  tryAgain: ERROR_MESSAGES.search.tryAgain,

  deleteTitle: 'Delete Persona',
  deleteMessage: (name: string) => `Delete ${name}? Chats that used this persona will use your default persona instead.`,
  deleteConfirm: 'Delete',
  cancel: 'Cancel',
  deleted: 'Persona deleted',
  defaultSet: (name: string) => `${name} is now your default persona`,

  /** document 2 §8. */
  defaultDelete: ERROR_MESSAGES.persona.defaultDelete,
  limitTitle: ERROR_MESSAGES.persona.limitTitle,
  limit: ERROR_MESSAGES.persona.limit,
  upgrade: 'Upgrade',
  close: 'OK',
  errors: {
    create: E[ERROR_CODES.PERSONA_CREATE_FAILED],
    update: E[ERROR_CODES.PERSONA_UPDATE_FAILED],
    delete: E[ERROR_CODES.PERSONA_DELETE_FAILED],
    get: E[ERROR_CODES.PERSONA_GET_FAILED],
    setDefault: E[ERROR_CODES.PERSONA_SET_DEFAULT_FAILED],
    deleteDefault: E[ERROR_CODES.PERSONA_DELETE_DEFAULT_FAILED],
    notFound: E[ERROR_CODES.PERSONA_NOT_FOUND],
    notSelected: E[ERROR_CODES.PERSONA_NOT_SELECTED],
  },

  createTitle: 'Create Persona',
  editTitle: 'Edit Persona',
  formLead: 'A name, a picture and a few words about you. Chatbots use them in every chat you start as this persona.',
  name: 'Name',
  highlights: 'Highlights',
  highlightsHint: 'One or two sentences: who you are, what you look like, what you want.',
  highlightsPlaceholder: 'A travelling bard with a quick wit and a borrowed lute.',
  isDefault: 'Make this my default persona',
  isDefaultHint: 'New chats start with your default persona.',
  alreadyDefault: 'This is your default persona. To change it, make another persona the default.',
  firstIsDefault: 'Your first persona is your default persona.',
  avatarSubject: 'the persona',
  create: 'Create Persona',
  save: 'Save',
  back: 'Back to My Personas',
  created: 'Persona created',
  saved: 'Persona updated',
  loadingPersona: 'Loading the persona',
  unsaved: { title: 'Unsaved Changes', message: ERROR_MESSAGES.general.unsavedChanges, update: 'Update', discard: 'Discard' },

  /** Guests on /personas when the MY_PERSONAS_V2 flag is off (persona_v2): ours. */
  signInTitle: 'Sign in to see your personas',
  signIn: 'Sign In',
  /** The v1 form's highlights messages: the spec gives the name's ("highlights follow the same rules"); ours. */
  v1HighlightsEmpty: "Highlights can't be empty",
  v1HighlightsTooShort: 'Highlights should at least have a length of 3',

  marketing: {
    eyebrow: 'My Personas',
    title: 'Be Anyone You Want: Create Your Personas',
    lead: 'Give yourself a name, a face and a story. Chatbots call you by it and remember who you are, in every chat.',
    createFreeAccount: 'Create Free Account',
    exploreChatbots: 'Explore Chatbots',
    cards: [
      { title: 'Many identities', text: 'A knight for the fantasy bots, a detective for the noir ones: switch whenever a chat starts.' },
      { title: 'A default persona', text: 'Pick the one new chats start with, and change it any time.' },
      { title: 'Known by name', text: 'Chatbots call you by your persona’s name and read its highlights before every reply.' },
    ],
  },
} as const;
