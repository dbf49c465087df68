import type { ModerationReport } from '@fable/contracts';
import { todayTitle, type ChatbotValues } from './chatbotValues';

/**
 * Chatbot drafts (document 1 §3 "Draft"): kept on the device, per user, keyed by draft id: the form's values plus id,
 * creator_username, creator_user_id and moderationReport (a draft of a chatbot that needs fixes links to its editor).
 * They survive a reload and a sign-out and sign-in on the same device; nothing is sent to the API. A guest's drafts
 * (anonymous_create) are kept under GUEST_DRAFT_OWNER until the one they sign up for is opened signed in
 * (claimGuestDraft).
 */
export interface ChatbotDraft {
  id: string;
  values: ChatbotValues;
  creator_user_id: string;
  creator_username: string | null;
  /** The chatbot a draft was saved from (its editor), if any. */
  character_id?: string;
  moderationReport?: ModerationReport | null;
  savedAt: string;
}

/** Whose drafts a guest's are: the device's guest, whatever guest id the API gave it (ids are renewed). */
export const GUEST_DRAFT_OWNER = 'guest';

const keyOf = (userId: string) => `fable.chatbotDrafts.${userId}`;

function read(userId: string): Record<string, ChatbotDraft> {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, ChatbotDraft>) : {};
  } catch {
    return {};
  }
}

function write(userId: string, drafts: Record<string, ChatbotDraft>) {
  window.localStorage.setItem(keyOf(userId), JSON.stringify(drafts));
  // Other tabs hear of it through the storage event; this one through its own.
  window.dispatchEvent(new Event(DRAFTS_CHANGED));
}

/** Fired on window when this tab changes the drafts. */
export const DRAFTS_CHANGED = 'fable:chatbot-drafts';

export const newDraftId = () => `draft-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The user's drafts, newest first. */
export function listDrafts(userId: string): ChatbotDraft[] {
  return Object.values(read(userId)).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export function getDraft(userId: string, draftId: string): ChatbotDraft | null {
  return read(userId)[draftId] ?? null;
}

/** Saves a draft; an empty title becomes today's date (dd/mm/yyyy). */
export function saveDraft(draft: Omit<ChatbotDraft, 'savedAt'>, now = new Date()): ChatbotDraft {
  const saved: ChatbotDraft = {
    ...draft,
    values: { ...draft.values, title: draft.values.title.trim() === '' ? todayTitle(now) : draft.values.title },
    savedAt: now.toISOString(),
  };
  write(draft.creator_user_id, { ...read(draft.creator_user_id), [draft.id]: saved });
  return saved;
}

export function removeDraft(userId: string, draftId: string): void {
  const drafts = read(userId);
  if (!(draftId in drafts)) return;
  delete drafts[draftId];
  write(userId, drafts);
}

/**
 * A draft made signed out, opened signed in (the address Create asked to sign up for): it becomes the member's (their
 * id and username), so it is listed with their drafts and removed once the chatbot is created. Null when there is no
 * such guest draft.
 */
export function claimGuestDraft(member: { id: string; username: string | null }, draftId: string): ChatbotDraft | null {
  const guests = read(GUEST_DRAFT_OWNER);
  const draft = guests[draftId];
  if (!draft) return null;
  const claimed: ChatbotDraft = { ...draft, creator_user_id: member.id, creator_username: member.username };
  delete guests[draftId];
  window.localStorage.setItem(keyOf(GUEST_DRAFT_OWNER), JSON.stringify(guests));
  write(member.id, { ...read(member.id), [draftId]: claimed });
  return claimed;
}
