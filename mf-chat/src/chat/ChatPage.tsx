import styled from '@emotion/styled';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageRating } from '@fable/contracts';
import { apiErrorMessage, apiErrorOf, Button, Navigate, Spinner, selectAuthStatus, selectPermissions, selectSession, selectUser, shareLink, signInRequested, useAppDispatch, useAppSelector, useLocation, useNavigate, useNotify, useParams, type DropdownItem } from '@fable/shared';
import { useCharacters_favoriteMutation, useCharacters_profileQuery } from '@fable/shared/characters';
import { useInferenceSettings } from '../settings/inferenceSettings';
import { useShouldPickPersona } from '../personas/useShouldPickPersona';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { Disclaimer, FailureBanner, GuestBanner } from './ChatNotices';
import { chatFailureOf } from './chatErrors';
import { canShareChatbot, chatMenuEntries, type ChatMenuEntry } from './chatMenu';
import { ChatModals } from './ChatModals';
import { useChatModals } from './chatModals';
import {
  useChat_screenCloneMutation,
  useChat_screenEditMessageMutation,
  useChat_screenLabelMessageMutation,
  useChat_screenRemoveMessagesMutation,
} from './chatScreenApi';
import { CHAT_TEXTS } from './chatTexts';
import { idsFrom, lastBotReply, shownAlternateIndex } from './conversationState';
import type { CloneType } from './ConversationModals';
import { GREETING_ID, NEW_CONVERSATION, isSavedMessage } from './greeting';
import { AutoResponseUpgradeModal } from './group/AutoResponseUpgradeModal';
import { AUTO_SPEAKER } from './group/groupMembers';
import { GROUP_TEXTS } from './group/groupTexts';
import { SpeakerStrip } from './group/SpeakerStrip';
import { useGroupChat } from './group/useGroupChat';
import { clearGuestChat } from './guestHistory';
import { MessageList, type PickMode } from './MessageList';
import { useChatConversation } from './useChatConversation';
import { useStickToBottom } from './useStickToBottom';

const Screen = styled.section`
  display: flex;
  flex-direction: column;
  width: min(100%, 880px);
  margin: 0 auto;
  padding: 0 12px;
  min-height: calc(100dvh - 120px);
  color: ${({ theme }) => theme.colors.text};
`;

const Scroll = styled.div`
  flex: 1;
  padding: 16px 0;
`;

const Footer = styled.div`
  position: sticky;
  bottom: 0;
  padding: 8px 0 12px;
  background: ${({ theme }) => theme.colors.background};
`;

const GroupHint = styled.p`
  margin: 24px auto 0;
  max-width: 420px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ModeBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

/** /chat/:characterId and /chat/:characterId/:conversationId (page id `chat`, document 1 §2 "Chat screen"). */
export function ChatPage() {
  const { characterId = '', conversationId } = useParams();
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  return <ChatScreen key={characterId} characterId={characterId} routeConversationId={conversationId} />;
}

export default ChatPage;

function ChatScreen({ characterId, routeConversationId }: { characterId: string; routeConversationId: string | undefined }) {
  const dispatchApp = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const status = useAppSelector(selectAuthStatus);
  const session = useAppSelector(selectSession);
  const user = useAppSelector(selectUser);
  const permissions = useAppSelector(selectPermissions);
  const member = status === 'authenticated';
  const isGuest = !member;

  const character = useCharacters_profileQuery(characterId, { skip: !characterId });
  const profile = character.data;
  const { settings } = useInferenceSettings();
  const { shouldPick } = useShouldPickPersona();

  const [input, setInput] = useState('');
  const [personaId, setPersonaId] = useState<string | null>(null);
  /** A turn waiting for the persona of a new conversation: the user's text and, in a group chat, who answers. */
  const pendingSendRef = useRef<{ text: string; speaker: string | null } | null>(null);
  const [mode, setMode] = useState<PickMode>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [cloneTitle, setCloneTitle] = useState('');
  // A title saved on this page: a conversation started here has no loaded record to keep it in.
  const [savedTitle, setSavedTitle] = useState<{ conversationId: string; label: string } | null>(null);
  const modals = useChatModals();
  const { open: openModal, close: closeModal } = modals;

  const inferenceSettings = useMemo(
    () => ({ max_new_tokens: settings.max_new_tokens, temperature: settings.temperature, top_p: settings.top_p, top_k: settings.top_k }),
    [settings.max_new_tokens, settings.temperature, settings.top_p, settings.top_k],
  );
  const chat = useChatConversation({
    characterId,
    routeConversationId,
    greeting: profile?.greeting ?? null,
    isGuest,
    ready: Boolean(profile) && !profile?.viewer.creator_blocked,
    inferenceModel: settings.model ?? null,
    inferenceSettings,
    personaId,
    setInput,
  });
  const { state, dispatch, failure, setFailure } = chat;
  const streaming = chat.streaming;

  const [editMessage] = useChat_screenEditMessageMutation();
  const [removeMessages, removal] = useChat_screenRemoveMessagesMutation();
  const [labelMessage] = useChat_screenLabelMessageMutation();
  const [clone, cloning] = useChat_screenCloneMutation();
  const [favorite] = useCharacters_favoriteMutation();

  const nsfwLocked = isGuest && Boolean(profile?.is_nsfw);
  const askSignIn = useCallback(() => {
    dispatchApp(signInRequested({ returnTo: location.pathname }));
  }, [dispatchApp, location.pathname]);

  // Guests cannot chat with NSFW bots: the login prompt opens (document 1 §2).
  const promptedRef = useRef(false);
  useEffect(() => {
    if (nsfwLocked && !promptedRef.current) {
      promptedRef.current = true;
      askSignIn();
    }
  }, [nsfwLocked, askSignIn]);

  const pagerIndex = shownAlternateIndex(state);

  // Alternates pager: ArrowLeft / ArrowRight (not while typing in a field).
  useEffect(() => {
    if (pagerIndex === null || streaming || mode) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, select, [contenteditable="true"], [role="menu"]') || event.altKey || event.ctrlKey || event.metaKey)) return;
      if (event.key === 'ArrowLeft') dispatch({ type: 'paged', delta: -1 });
      else if (event.key === 'ArrowRight') dispatch({ type: 'paged', delta: 1 });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pagerIndex, streaming, mode, dispatch]);

  const groupChat = useGroupChat({
    characterId,
    profile,
    member,
    tier: user?.tier ?? null,
    streaming,
    streamSpeakerId: state.stream?.speakerId ?? null,
    lastMessage: state.messages.at(-1),
    failed: failure !== null,
    input,
    speak: chat.speak,
    stop: chat.stop,
    askSignIn,
  });

  /** A turn of the user's: their text (when there is any) and, in a group chat, who answers (a member, AUTO, or the server's choice). */
  const startTurn = useCallback(
    (text: string, speaker: string | null) => {
      groupChat.userTurn(speaker);
      if (text.trim()) chat.send(text, speaker ?? undefined);
      else if (speaker) chat.speak(speaker);
      setInput('');
    },
    [groupChat, chat],
  );

  const talk = useCallback(
    (text: string, speaker: string | null) => {
      if (nsfwLocked) return askSignIn();
      if (member && chat.conversationId === null && shouldPick && personaId === null) {
        pendingSendRef.current = { text, speaker };
        openModal({ kind: 'persona' });
        return;
      }
      startTurn(text, speaker);
    },
    [nsfwLocked, askSignIn, member, chat.conversationId, shouldPick, personaId, openModal, startTurn],
  );
  const send = useCallback((text: string) => talk(text, null), [talk]);

  // A persona was chosen for the new conversation: send what was waiting.
  useEffect(() => {
    if (personaId !== null && pendingSendRef.current !== null) {
      const { text, speaker } = pendingSendRef.current;
      pendingSendRef.current = null;
      startTurn(text, speaker);
    }
  }, [personaId, startTurn]);

  // Open at the newest message and follow the reply as it streams in (unless the reader scrolled up).
  const screenRef = useRef<HTMLElement>(null);
  const newest = state.messages.at(-1);
  useStickToBottom(screenRef, !chat.loading && state.messages.length > 0, `${state.messages.length}:${newest?.id}:${newest?.content.length}:${state.stream?.text.length ?? -1}:${chat.typing ? 1 : 0}`);

  if (!characterId || character.isError) {
    const failed = apiErrorOf(character.error);
    const view = chatFailureOf({ ...failed });
    return (
      <Screen aria-label="Chat">
        <FailureBanner
          message={view.kind === 'generic' ? CHAT_TEXTS.loadFailed : view.message}
          action={
            view.kind === 'generic' ? (
              <Button size="sm" variant="secondary" onClick={() => void character.refetch()}>
                {CHAT_TEXTS.retry}
              </Button>
            ) : undefined
          }
        />
      </Screen>
    );
  }
  if (!profile) return <Spinner label="Loading chat" center />;
  // The chat redirects to the chatbots list when the character needs manual review (document 1 §2).
  if (profile.aicq_manual_review_required) return <Navigate to="/my-chatbots" replace />;

  const botName = profile.name;
  const isCreator = profile.viewer.is_creator;
  const creatorBlocked = profile.viewer.creator_blocked;
  const savedConversation = member && chat.conversationId !== null;
  const hasMessages = state.messages.some((m) => m.id !== GREETING_ID);
  const canShare = canShareChatbot(profile.visibility, creatorBlocked, session.partnerMode);
  const rateLimited = failure?.kind === 'rateLimited';

  const share = async () => {
    try {
      const shared = await shareLink({ title: botName, url: `${window.location.origin}/chatbot/${encodeURIComponent(characterId)}` });
      if (shared === 'copied') notify.success(CHAT_TEXTS.copied);
    } catch {
      notify.error(CHAT_TEXTS.generic);
    }
  };

  const startNewChat = () => {
    setMode(null);
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
    removeMessages: { label: CHAT_TEXTS.removeMessages, onSelect: () => (setMode('remove'), setPicked(null)) },
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
    editChatbot: { label: CHAT_TEXTS.editChatbot, to: `/chatbot/edit/${encodeURIComponent(characterId)}` },
    manageMemories: { label: CHAT_TEXTS.manageMemories, onSelect: () => openModal({ kind: 'memories' }) },
    generationSettings: { label: CHAT_TEXTS.generationSettings, onSelect: () => openModal({ kind: 'settings' }) },
  };
  const menu: DropdownItem[] = chatMenuEntries({
    member,
    isCreator,
    savedConversation,
    hasMessages,
    canShare,
    hasMemoryPermission: permissions.includes('memory_manager'),
    autoResponse: groupChat.autoResponseOffered,
  }).map((id) => ({ id, ...entryActions[id] }));

  const onEdit = async (id: string, content: string) => {
    const before = state.messages.find((m) => m.id === id);
    if (!before || !content.trim()) return;
    dispatch({ type: 'messageEdited', id, content });
    if (isGuest) return;
    try {
      await editMessage({ messageId: id, content }).unwrap();
    } catch (error) {
      dispatch({ type: 'messageEdited', id, content: before.content });
      notify.error(CHAT_TEXTS.editFailed);
      throw error;
    }
  };

  const onRate = async (id: string, label: MessageRating, reason?: string) => {
    await labelMessage({ messageId: id, label, reason }).unwrap();
    dispatch({ type: 'rated', id, rating: label });
  };

  const confirmRemoval = async () => {
    if (!picked) return;
    const ids = idsFrom(state.messages, picked).filter((id) => isSavedMessage({ id }));
    if (failure?.kind === 'conversationBusy') setFailure(null);
    if (member && chat.conversationId && ids.length > 0) {
      try {
        await removeMessages({ conversationId: chat.conversationId, ids }).unwrap();
      } catch (error) {
        // A reply is being written in this conversation (another tab): the server's text, as for a refused turn.
        const refused = chatFailureOf(apiErrorOf(error));
        if (refused.kind === 'conversationBusy') setFailure(refused);
        else notify.error(CHAT_TEXTS.removeFailed);
        return;
      }
    }
    dispatch({ type: 'messagesRemovedFrom', id: picked });
    setMode(null);
    setPicked(null);
  };

  const doClone = async (type: CloneType, title: string, lastMessageId?: string) => {
    if (!chat.conversationId) return;
    const { id } = await clone({ conversationId: chat.conversationId, type, title, lastMessageId }).unwrap();
    notify.success(CHAT_TEXTS.cloned);
    setMode(null);
    setPicked(null);
    closeModal('clone');
    navigate(`/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(id)}`);
  };

  const onCloneSubmit = async (type: CloneType, title: string) => {
    if (type === 'full') return doClone('full', title);
    // Partial: pick the last message to clone, then Clone.
    setCloneTitle(title);
    closeModal('clone');
    setMode('clone');
    setPicked(null);
  };

  const conversationTitle =
    (savedTitle && savedTitle.conversationId === chat.conversationId ? savedTitle.label : chat.conversation?.label) ?? '';
  const lastReply = lastBotReply(state.messages);
  const turnActions = !streaming && !rateLimited;
  const inputDisabled = rateLimited || creatorBlocked || (failure?.kind === 'notAllowed');

  return (
    <Screen aria-label="Chat" ref={screenRef}>
      <ChatHeader
        name={botName}
        avatarUrl={profile.avatar_url}
        avatarNsfw={profile.avatar_is_nsfw && isGuest}
        creatorUsername={profile.creator_username}
        onBack={() => (location.key !== 'default' ? navigate(-1) : navigate('/chats'))}
        onRate={member && !isCreator ? () => openModal({ kind: 'rate' }) : null}
        onShare={canShare ? () => void share() : null}
        onModels={() => openModal({ kind: 'models' })}
        menu={menu}
      />
      {isGuest && (
        <GuestBanner
          action={
            <Button size="sm" onClick={askSignIn}>
              {CHAT_TEXTS.signUp}
            </Button>
          }
        />
      )}
      <Scroll>
        {creatorBlocked ? (
          <FailureBanner
            message={CHAT_TEXTS.creatorBlocked}
            action={
              <Button size="sm" variant="secondary" onClick={() => openModal({ kind: 'unblock' })}>
                {CHAT_TEXTS.unblockCreator}
              </Button>
            }
          />
        ) : chat.loading ? (
          <Spinner label="Loading messages" center />
        ) : chat.loadFailed && state.messages.length === 0 ? (
          <FailureBanner
            message={CHAT_TEXTS.loadFailed}
            action={
              <Button size="sm" variant="secondary" onClick={() => void chat.retryLoad()}>
                {CHAT_TEXTS.retry}
              </Button>
            }
          />
        ) : (
          <MessageList
            messages={state.messages}
            stream={state.stream}
            typing={chat.typing}
            botName={botName}
            botAvatar={profile.avatar_url}
            speakerOf={groupChat.isGroup ? groupChat.speakerView : undefined}
            streamSpeaker={groupChat.isGroup ? groupChat.streamSpeaker : undefined}
            userName={user?.name ?? user?.username ?? 'You'}
            shownAltIndex={pagerIndex}
            onPage={(delta) => dispatch({ type: 'paged', delta })}
            mode={mode}
            picked={picked}
            onPick={setPicked}
            canRateAndReport={member}
            turnActions={turnActions}
            onEdit={onEdit}
            onRate={onRate}
            onReport={(messageId) => openModal({ kind: 'report', messageId })}
            onRegenerate={() => {
              groupChat.userTurn(lastReply?.character_id ?? null);
              chat.regenerate();
            }}
            onContinue={() => {
              groupChat.userTurn(lastReply?.character_id ?? null);
              chat.continueReply();
            }}
            hasMore={state.hasMore}
            loadingOlder={chat.loadingOlder}
            onLoadOlder={() => void chat.loadOlder()}
          />
        )}
        {groupChat.isGroup && !chat.loading && state.messages.length === 0 && !streaming && <GroupHint>{GROUP_TEXTS.empty}</GroupHint>}
      </Scroll>
      <Footer>
        {failure && failure.kind !== 'generic' && (
          <FailureBanner
            message={failure.message}
            tone={failure.kind === 'busy' || failure.kind === 'rateLimited' || failure.kind === 'conversationBusy' ? 'warning' : 'error'}
            action={
              failure.kind === 'rateLimited' ? (
                isGuest ? (
                  <Button size="sm" onClick={askSignIn}>
                    {CHAT_TEXTS.signUp}
                  </Button>
                ) : (
                  <Button size="sm" onClick={chat.resubmit}>
                    {CHAT_TEXTS.resubmit}
                  </Button>
                )
              ) : failure.kind === 'creatorBlocked' ? (
                <Button size="sm" variant="secondary" onClick={() => openModal({ kind: 'unblock' })}>
                  {CHAT_TEXTS.unblockCreator}
                </Button>
              ) : undefined
            }
          />
        )}
        {mode ? (
          <ModeBar role="region" aria-label={mode === 'remove' ? CHAT_TEXTS.removeMessages : CHAT_TEXTS.cloneConversation}>
            <span>{mode === 'remove' ? CHAT_TEXTS.removalHint : CHAT_TEXTS.cloneHint}</span>
            <span style={{ display: 'inline-flex', gap: 8 }}>
              <Button size="sm" variant="secondary" onClick={() => (setMode(null), setPicked(null))}>
                {CHAT_TEXTS.cancel}
              </Button>
              {mode === 'remove' ? (
                <Button size="sm" variant="danger" disabled={!picked} loading={removal.isLoading} onClick={() => void confirmRemoval()}>
                  {CHAT_TEXTS.remove}
                </Button>
              ) : (
                <Button
                  size="sm"
                  disabled={!picked}
                  loading={cloning.isLoading}
                  onClick={() => void doClone('partial', cloneTitle, picked ?? undefined).catch(() => openModal({ kind: 'error', message: CHAT_TEXTS.generic }))}
                >
                  {CHAT_TEXTS.clone}
                </Button>
              )}
            </span>
          </ModeBar>
        ) : (
          <>
            {groupChat.members && (
              <SpeakerStrip
                members={groupChat.members}
                onPick={(memberId) => talk(input, memberId)}
                onNext={() => talk(input, AUTO_SPEAKER)}
                disabled={streaming || inputDisabled}
                autoResponse={groupChat.autoResponse}
              />
            )}
            <ChatInput
              value={input}
              onChange={(text) => {
                setInput(text);
                groupChat.onType(text);
              }}
              onSend={send}
              onStop={() => {
                groupChat.onStop();
                chat.stop();
              }}
              onAutopilot={nsfwLocked || !lastReply ? undefined : chat.autopilot}
              streaming={streaming}
              disabled={inputDisabled}
              placeholder={CHAT_TEXTS.inputPlaceholder(botName)}
            />
          </>
        )}
        <Disclaimer />
      </Footer>

      <AutoResponseUpgradeModal open={groupChat.upgradeOpen} onClose={groupChat.closeUpgrade} />
      <ChatModals
        modals={modals}
        characterId={characterId}
        profile={profile}
        conversationId={chat.conversationId}
        conversationTitle={conversationTitle}
        conversationLength={state.messages.length}
        // The loaded conversation's persona; one started on this page has the persona picked for it (else the default).
        currentPersonaId={chat.conversation ? (chat.conversation.user_persona_id ?? null) : personaId}
        onPersonaChanged={chat.setConversation}
        canRate={member && !isCreator}
        // A generic failure opens the error modal too ("Error" with Close, document 1 §8); closing it clears the failure.
        failureMessage={failure?.kind === 'generic' ? failure.message : null}
        onFailureSeen={() => setFailure(null)}
        onCloneSubmit={onCloneSubmit}
        onTitleSaved={(conversationId, label) => setSavedTitle({ conversationId, label })}
        onUnblocked={() => setFailure(null)}
        onPersonaChosen={setPersonaId}
        onPersonaDismissed={() => {
          pendingSendRef.current = null;
        }}
      />
    </Screen>
  );
}
