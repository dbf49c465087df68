/**
 * The options menu of the chat screen (document 1 §2 "Options menu", §6 roles): which entries a viewer gets.
 */
export type ChatMenuEntry =
  | 'startNewChat'
  | 'shareChatbot'
  | 'viewSavedChats'
  | 'removeMessages'
  | 'changePersona'
  | 'cloneConversation'
  | 'changeTitle'
  | 'favorite'
  /** Enable/Disable Auto Response: group chats, behind the groupchat flag (who may use it: group/groupMembers.ts). */
  | 'autoResponse'
  | 'blockCreator'
  | 'editChatbot'
  | 'manageMemories'
  | 'generationSettings'
  /** Conversation Image Settings: members holding conversation_images, outside group chats. */
  | 'imageSettings'
  /** Set Voice / Voice Change: a saved conversation, premium role and TTS access (document 1 §6 Voice). */
  | 'setVoice'
  /** Translate into the member's chat language, when offered (document 1 §6 Translate; the header has it on wide screens). */
  | 'translate';

export interface ChatMenuContext {
  member: boolean;
  isCreator: boolean;
  /** The conversation exists on the server (not a new one, not a guest's). */
  savedConversation: boolean;
  /** There is a message besides the greeting. */
  hasMessages: boolean;
  canShare: boolean;
  hasMemoryPermission: boolean;
  /** conversation_images held, and not a group chat. */
  imageSettings?: boolean;
  /** The viewer may speak (voiceAccess 'speak'), outside group chats. */
  voice?: boolean;
  /** Translate is offered (translateAction is not 'hidden'). */
  translate?: boolean;
  /** A group chat where the deployment's groupchat flag is on (guests see it too: it asks them to create an account). */
  autoResponse?: boolean;
  /** Waiting in the waiting room with more than one message: no Start New Chat, no Remove Messages (document 1 §4). */
  queueLocked?: boolean;
}

/** Share: public and unlisted (hidden) bots whose creator is not blocked, outside partner mode (document 1 §6). */
export function canShareChatbot(visibility: string, creatorBlocked: boolean, partnerMode: boolean): boolean {
  return (visibility === 'public' || visibility === 'hidden') && !creatorBlocked && !partnerMode;
}

export function chatMenuEntries(ctx: ChatMenuContext): ChatMenuEntry[] {
  const entries: ChatMenuEntry[] = ctx.queueLocked ? [] : ['startNewChat'];
  if (ctx.canShare) entries.push('shareChatbot');
  if (ctx.member) entries.push('viewSavedChats');
  if (ctx.hasMessages && !ctx.queueLocked) entries.push('removeMessages');
  if (ctx.member && ctx.savedConversation) entries.push('changePersona', 'cloneConversation', 'changeTitle');
  // The creator sees Edit Chatbot instead of Block or favourite; guests cannot favourite or block (§6).
  if (ctx.member && !ctx.isCreator) entries.push('favorite');
  if (ctx.autoResponse) entries.push('autoResponse');
  if (ctx.member && !ctx.isCreator) entries.push('blockCreator');
  if (ctx.isCreator) entries.push('editChatbot');
  if (ctx.member && ctx.savedConversation && ctx.hasMemoryPermission) entries.push('manageMemories');
  entries.push('generationSettings');
  if (ctx.member && ctx.imageSettings) entries.push('imageSettings');
  if (ctx.member && ctx.savedConversation && ctx.voice) entries.push('setVoice');
  if (ctx.translate) entries.push('translate');
  return entries;
}
