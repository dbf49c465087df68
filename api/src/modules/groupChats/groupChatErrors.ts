import { ERROR_CATALOGUE, GROUP_CHAT_ERROR_CODES, GROUP_CHAT_ERRORS, type GroupChatErrorCode, type ModerationFinding } from '@fable/contracts';
import { AppError } from '../../http/appError';
import { validationMessage, type ValidationIssue } from '../../http/errorHandling';
import type { MemberRefusal, MemberRefusalReason } from './groupMembers';

/** The errors of the group chat calls (contracts' groupChatErrors.ts). */
const fromContract = (code: GroupChatErrorCode, details?: unknown) => {
  const entry = GROUP_CHAT_ERRORS[code];
  return new AppError(entry.status, code, entry.message, details);
};

export const groupChatNotFound = () => fromContract(GROUP_CHAT_ERROR_CODES.NOT_FOUND);
/** 403 not_owner: "You are not allowed to access this page" (as for chatbots). */
export const notOwner = () => fromContract(GROUP_CHAT_ERROR_CODES.NOT_OWNER);
/** 403 restricted: "Restricted!" without create_character (document 1 §6). */
export const restricted = () => fromContract(GROUP_CHAT_ERROR_CODES.RESTRICTED, { permission: 'create_character' });
export const usernameRequired = () => fromContract(GROUP_CHAT_ERROR_CODES.USERNAME_REQUIRED);
export const editConflict = () => fromContract(GROUP_CHAT_ERROR_CODES.EDIT_CONFLICT);

const MEMBER_CODES: Record<MemberRefusalReason, GroupChatErrorCode> = {
  unavailable: GROUP_CHAT_ERROR_CODES.MEMBER_UNAVAILABLE,
  not_public: GROUP_CHAT_ERROR_CODES.MEMBER_NOT_PUBLIC,
  withdrawn: GROUP_CHAT_ERROR_CODES.MEMBER_WITHDRAWN,
};

/** 400 with the member code; details: which member (its id and index in sub_character_ids). */
export const memberRefused = (refusal: MemberRefusal) =>
  fromContract(MEMBER_CODES[refusal.reason], { character_id: refusal.character_id, index: refusal.index });

/** 400 validation_error on body fields (a link in name, title or tags), in the API's one validation shape. */
export const invalidBody = (issues: ValidationIssue[]) => new AppError(400, 'validation_error', validationMessage('body', issues), { issues });

/**
 * 422 with the content code of the first finding ("1213" …) and its catalogue text (document 1 §8). No manual review
 * is offered for a group's name, title and tags: the creator changes them.
 */
export function contentRefused(findings: readonly ModerationFinding[]): AppError {
  const first = findings[0]!;
  const entry = ERROR_CATALOGUE[first.code as keyof typeof ERROR_CATALOGUE];
  return new AppError(entry.status, String(first.code), entry.message, { field: first.field, findings });
}
