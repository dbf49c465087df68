import { routes, type CharacterProfile } from '@fable/contracts';
import { apiErrorMessage, selectPermissions, selectSession, shareLink, useAppSelector, useNavigate, useNotify, type DropdownItem } from '@fable/shared';
import { useCharacters_favoriteMutation } from '@fable/shared/characters';
import { canShareChatbot, chatMenuEntries, type ChatMenuEntry } from './chatMenu';
import { IMAGE_TEXTS } from './images/imageTexts';
import { VOICE_TEXTS } from './voice/voiceTexts';
import { translateEntry } from './translation/translateEntry';
import { CHAT_TEXTS } from './chatTexts';
import { GREETING_ID, NEW_CONVERSATION } from './greeting';
import { GROUP_TEXTS } from './group/groupTexts';
import { clearGuestChat } from './guestHistory';
import type { ChatScreenModel } from './useChatScreen';

/** The header's options menu (chatMenu.ts says which entries show) and Share, which the header also offers on its own. */
export function useChatMenu(screen: ChatScreenModel, profile: CharacterProfile) {
  const { characterId, member, isGuest, chat, groupChat, pick } = screen;
  const { open: openModal } = screen.modals;
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useAppSelector(selectSession);
  const permissions = useAppSelector(selectPermissions);
  const [favorite] = useCharacters_favoriteMutation();

  const botName = profile.name;
  const savedConversation = member && chat.conversationId !== null;
  const hasMessages = chat.state.messages.some((m) => m.id !== GREETING_ID);
  const canShare = canShareChatbot(profile.visibility, profile.viewer.creator_blocked, session.partnerMode);

  const share = async () => {
    try {
      const shared = await shareLink({ title: botName, url: `${window.location.origin}${routes.chatbotProfile({ characterId })}` });
      if (shared === 'copied') notify.success(CHAT_TEXTS.copied);
    } catch {
      notify.error(CHAT_TEXTS.generic);
    }
  };

  const startNewChat = () => {
    pick.leave();
    if (isGuest) {
      clearGuestChat(characterId);
      void chat.retryLoad();
      return;
    }
    if (chat.conversationId === null) void chat.retryLoad();
    else navigate(`/chat/${encodeURIComponent(characterId)}/${NEW_CONVERSATION}`);
  };

  const entryActions: Record<ChatMenuEntry, Omit<DropdownItem, 'id'>> = {
    startNewChat: { label: CHAT_TEXTS.startNewChat, onSelect: startNewChat },
    shareChatbot: { label: CHAT_TEXTS.shareChatbot, onSelect: () => void share() },
    viewSavedChats: { label: CHAT_TEXTS.viewSavedChats, to: `/chats/${encodeURIComponent(characterId)}` },
    removeMessages: { label: CHAT_TEXTS.removeMessages, onSelect: pick.startRemoval },
    changePersona: { label: CHAT_TEXTS.changePersona, onSelect: () => openModal({ kind: 'changePersona' }) },
    cloneConversation: { label: CHAT_TEXTS.cloneConversation, onSelect: () => openModal({ kind: 'clone' }) },
    changeTitle: { label: CHAT_TEXTS.changeTitle, onSelect: () => openModal({ kind: 'title' }) },
    favorite: {
      label: profile.viewer.is_favorite ? CHAT_TEXTS.removeFavorite : CHAT_TEXTS.addFavorite,
      onSelect: () => {
        void favorite({ characterId, favorite: !profile.viewer.is_favorite })
          .unwrap()
          .catch((error: unknown) => openModal({ kind: 'error', message: apiErrorMessage(error, CHAT_TEXTS.generic) }));
      },
    },
    autoResponse: { label: groupChat.autoResponse ? GROUP_TEXTS.disableAutoResponse : GROUP_TEXTS.enableAutoResponse, onSelect: groupChat.toggleAutoResponse },
    blockCreator: { label: CHAT_TEXTS.blockCreator, onSelect: () => openModal({ kind: 'block' }) },
    editChatbot: { label: CHAT_TEXTS.editChatbot, to: routes.editChatbot({ characterId }) },
    manageMemories: { label: CHAT_TEXTS.manageMemories, onSelect: () => openModal({ kind: 'memories' }) },
    generationSettings: { label: CHAT_TEXTS.generationSettings, onSelect: () => openModal({ kind: 'settings' }) },
    imageSettings: { label: IMAGE_TEXTS.settingsTitle, onSelect: () => openModal({ kind: 'imageSettings' }) },
    setVoice: { label: screen.voice.voiceId ? VOICE_TEXTS.voiceChange : VOICE_TEXTS.setVoice, onSelect: () => openModal({ kind: 'voice' }) },
    translate: translateEntry(screen),
  };
  const menu: DropdownItem[] = chatMenuEntries({
    member,
    isCreator: profile.viewer.is_creator,
    savedConversation,
    hasMessages,
    canShare,
    hasMemoryPermission: permissions.includes('memory_manager'),
    autoResponse: groupChat.autoResponseOffered,
    queueLocked: screen.queueLocked,
    imageSettings: permissions.includes('conversation_images') && !groupChat.isGroup,
    voice: screen.voice.access === 'speak' && !groupChat.isGroup,
    translate: screen.translation.action !== 'hidden',
  }).map((id) => ({ id, ...entryActions[id] }));

  return { menu, share: canShare ? () => void share() : null };
}
