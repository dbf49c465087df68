import { ERROR_CATALOGUE, ERROR_CODES } from '../errors/errorCodes';

/**
 * The errors of the group chat calls (groupChatCalls), by `error.code`. not_owner and restricted are the spec's (as
 * for chatbots); the spec shows no code or text for the others: ours. The members' count and duplicates are field
 * rules (400 validation_error with GROUP_CHAT_MESSAGES in `details.issues`); a member the rules refuse answers one of
 * the member codes with `details: { character_id, index }` (index in sub_character_ids). The group's name, title and
 * tags pass the chatbot's automatic checks: a link is a 400 validation_error with the form's message, a content
 * finding 422 with its catalogue code ("1213" …; unlike a chatbot's, no manual review is offered: change the text).
 */
export const GROUP_CHAT_ERROR_CODES = {
  /** Someone else's group chat (admins included): only its creator changes it. */
  NOT_OWNER: ERROR_CODES.NOT_OWNER,
  /** No create_character permission (restriction_limited): "Restricted!" as for chatbots. */
  RESTRICTED: ERROR_CODES.RESTRICTED,
  /** Unknown, another application's, someone else's private group, or not a group chat. */
  NOT_FOUND: 'group_chat_not_found',
  USERNAME_REQUIRED: 'username_required',
  /** A member that does not exist for the caller, or another creator's chatbot that is not public or was withdrawn. */
  MEMBER_UNAVAILABLE: 'group_member_unavailable',
  /** The creator's own chatbot that is not public, in a public group. */
  MEMBER_NOT_PUBLIC: 'group_member_not_public',
  /** The creator's own chatbot withdrawn by moderation (fix required, manual review), in a public group. */
  MEMBER_WITHDRAWN: 'group_member_withdrawn',
  /** Changed by another save at the same time, three times over. */
  EDIT_CONFLICT: 'group_chat_edit_conflict',
} as const;

export type GroupChatErrorCode = (typeof GROUP_CHAT_ERROR_CODES)[keyof typeof GROUP_CHAT_ERROR_CODES];

export const GROUP_CHAT_ERRORS = {
  [GROUP_CHAT_ERROR_CODES.NOT_OWNER]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.NOT_OWNER].message },
  [GROUP_CHAT_ERROR_CODES.RESTRICTED]: { status: 403, message: ERROR_CATALOGUE[ERROR_CODES.RESTRICTED].message },
  [GROUP_CHAT_ERROR_CODES.NOT_FOUND]: { status: 404, message: 'This group chat does not exist.' },
  [GROUP_CHAT_ERROR_CODES.USERNAME_REQUIRED]: { status: 403, message: 'Choose a username before creating a group chat.' },
  [GROUP_CHAT_ERROR_CODES.MEMBER_UNAVAILABLE]: {
    status: 400,
    message: "This chatbot can't be added: only your own chatbots and other creators' public chatbots can be members.",
  },
  [GROUP_CHAT_ERROR_CODES.MEMBER_NOT_PUBLIC]: {
    status: 400,
    message: 'A public group chat can only hold public chatbots. Make the group private or remove this chatbot.',
  },
  [GROUP_CHAT_ERROR_CODES.MEMBER_WITHDRAWN]: {
    status: 400,
    message: 'This chatbot was withdrawn by moderation: it can only be in a private group chat until it is fixed.',
  },
  [GROUP_CHAT_ERROR_CODES.EDIT_CONFLICT]: {
    status: 409,
    message: 'This group chat was changed at the same time. Reload it and try again.',
  },
} as const satisfies Record<GroupChatErrorCode, { status: number; message: string }>;
