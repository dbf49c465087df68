import styled from '@emotion/styled';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageRating } from '@fable/contracts';
import {
  Button,
  ConfirmationModal,
  Modal,
  Navigate,
  Spinner,
  selectAuthStatus,
  selectPermissions,
  selectSession,
  selectUser,
  signInRequested,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
  useNotify,
  useParams,
  type DropdownItem,
} from '@fable/shared';
import { UpdateTitleModal } from '../conversationTitle/UpdateTitleModal';
import { useInferenceSettings } from '../settings/inferenceSettings';
import { useShouldPickPersona } from '../personas/useShouldPickPersona';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { Disclaimer, FailureBanner, GuestBanner } from './ChatNotices';
import { apiErrorOf, chatFailureOf } from './chatErrors';
import { canShareChatbot, chatMenuEntries, type ChatMenuEntry } from './chatMenu';
import {
  useChat_screenBlockCreatorMutation,
  useChat_screenCharacterQuery,
  useChat_screenCloneMutation,
  useChat_screenEditMessageMutation,
  useChat_screenFavoriteMutation,
  useChat_screenFlagMessageMutation,
  useChat_screenLabelMessageMutation,
  useChat_screenRemoveMessagesMutation,
  useChat_screenRenameMutation,
} from './chatScreenApi';
import { CHAT_TEXTS } from './chatTexts';
import { idsFrom, lastBotReply, shownAlternateIndex } from './conversationState';
import { CloneConversationModal, type CloneType } from './ConversationModals';
import { GREETING_ID, NEW_CONVERSATION, isSavedMessage } from './greeting';
import { clearGuestChat } from './guestHistory';
import { ChangePersonaModal, GenerationSettingsModal, MemoryManagerModal, ModelSelectModal, PersonaPicker, WhenOpened } from './lazyModals';
import { MessageList, type PickMode } from './MessageList';
import { RateChatbotModal } from './RateChatbotModal';
import { ReportMessageModal } from './ReportMessageModal';
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

  const character = useChat_screenCharacterQuery(characterId, { skip: !characterId });
  const profile = character.data;
  const { settings } = useInferenceSettings();
  const { shouldPick } = useShouldPickPersona();

  const [input, setInput] = useState('');
  const [personaId, setPersonaId] = useState<string | null>(null);
  const pendingSendRef = useRef<string | null>(null);
  const [mode, setMode] = useState<PickMode>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [cloneTitle, setCloneTitle] = useState('');
  // A title saved on this page: a conversation started here has no loaded record to keep it in.
  const [savedTitle, setSavedTitle] = useState<{ conversationId: string; label: string } | null>(null);
  const [reportId, setReportId] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const [errorModal, setErrorModal] = useState<string | null>(null);
  const show = (name: string, value = true) => {
    setOpen((o) => ({ ...o, [name]: value }));
    if (value) setOpened((o) => ({ ...o, [name]: true }));
  };

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

  const [editMessage] = useChat_screenEditMessageMutation();
  const [removeMessages, removal] = useChat_screenRemoveMessagesMutation();
  const [labelMessage] = useChat_screenLabelMessageMutation();
  const [flagMessage] = useChat_screenFlagMessageMutation();
  const [rename] = useChat_screenRenameMutation();
  const [clone, cloning] = useChat_screenCloneMutation();
  const [favorite] = useChat_screenFavoriteMutation();
  const [blockCreator] = useChat_screenBlockCreatorMutation();

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

  // A generic failure opens the error modal ("Error" with Close, document 1 §8); closing it clears the failure.
  const shownError = errorModal ?? (failure?.kind === 'generic' ? failure.message : null);
  const closeError = () => {
    setErrorModal(null);
    if (failure?.kind === 'generic') setFailure(null);
  };

  const pagerIndex = shownAlternateIndex(state);
  const streaming = chat.streaming;

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

  const send = useCallback(
    (text: string) => {
      if (nsfwLocked) return askSignIn();
      if (member && chat.conversationId === null && shouldPick && personaId === null) {
        pendingSendRef.current = text;
        show('persona');
        return;
      }
      chat.send(text);
      setInput('');
    },
    [nsfwLocked, askSignIn, member, chat, shouldPick, personaId],
  );

  // A persona was chosen for the new conversation: send what was waiting.
  useEffect(() => {
    if (personaId !== null && pendingSendRef.current !== null) {
      const text = pendingSendRef.current;
      pendingSendRef.current = null;
      chat.send(text);
      setInput('');
    }
  }, [personaId, chat]);

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
    const url = `${window.location.origin}/chatbot/${encodeURIComponent(characterId)}`;
    const nav = navigator as Navigator & { share?: (data: { title: string; url: string }) => Promise<void> };
    if (typeof nav.share === 'function') {
      try {
        await nav.share({ title: botName, url });
      } catch {
        // closed by the user
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(CHAT_TEXTS.copied);
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
    changePersona: { label: CHAT_TEXTS.changePersona, onSelect: () => show('changePersona') },
    cloneConversation: { label: CHAT_TEXTS.cloneConversation, onSelect: () => show('clone') },
    changeTitle: { label: CHAT_TEXTS.changeTitle, onSelect: () => show('title') },
    favorite: {
      label: profile.viewer.is_favorite ? CHAT_TEXTS.removeFavorite : CHAT_TEXTS.addFavorite,
      onSelect: () => {
        void favorite({ characterId, favorite: !profile.viewer.is_favorite })
          .unwrap()
          .catch((error: unknown) => setErrorModal(apiErrorOf(error).message ?? CHAT_TEXTS.generic));
      },
    },
    blockCreator: { label: CHAT_TEXTS.blockCreator, onSelect: () => show('block') },
    editChatbot: { label: CHAT_TEXTS.editChatbot, to: `/chatbot/edit/${encodeURIComponent(characterId)}` },
    manageMemories: { label: CHAT_TEXTS.manageMemories, onSelect: () => show('memories') },
    generationSettings: { label: CHAT_TEXTS.generationSettings, onSelect: () => show('settings') },
  };
  const menu: DropdownItem[] = chatMenuEntries({
    member,
    isCreator,
    savedConversation,
    hasMessages,
    canShare,
    hasMemoryPermission: permissions.includes('memory_manager'),
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
    show('clone', false);
    navigate(`/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(id)}`);
  };

  const onCloneSubmit = async (type: CloneType, title: string) => {
    if (type === 'full') return doClone('full', title);
    // Partial: pick the last message to clone, then Clone.
    setCloneTitle(title);
    show('clone', false);
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
        onRate={member && !isCreator ? () => show('rate') : null}
        onShare={canShare ? () => void share() : null}
        onModels={() => show('models')}
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
              <Button size="sm" variant="secondary" onClick={() => show('unblock')}>
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
            onReport={setReportId}
            onRegenerate={chat.regenerate}
            onContinue={chat.continueReply}
            hasMore={state.hasMore}
            loadingOlder={chat.loadingOlder}
            onLoadOlder={() => void chat.loadOlder()}
          />
        )}
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
                <Button size="sm" variant="secondary" onClick={() => show('unblock')}>
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
                  onClick={() => void doClone('partial', cloneTitle, picked ?? undefined).catch(() => setErrorModal(CHAT_TEXTS.generic))}
                >
                  {CHAT_TEXTS.clone}
                </Button>
              )}
            </span>
          </ModeBar>
        ) : (
          <ChatInput
            value={input}
            onChange={setInput}
            onSend={send}
            onStop={chat.stop}
            onAutopilot={nsfwLocked || !lastReply ? undefined : chat.autopilot}
            streaming={streaming}
            disabled={inputDisabled}
            placeholder={CHAT_TEXTS.inputPlaceholder(botName)}
          />
        )}
        <Disclaimer />
      </Footer>

      <Modal
        open={shownError !== null}
        onClose={closeError}
        title={CHAT_TEXTS.errorTitle}
        size="sm"
        footer={<Button onClick={closeError}>{CHAT_TEXTS.close}</Button>}
      >
        <p role="alert" style={{ margin: 0 }}>
          {shownError}
        </p>
      </Modal>
      <ReportMessageModal
        open={reportId !== null}
        onClose={() => setReportId(null)}
        onReport={(label, comment) =>
          flagMessage({
            message_id: reportId ?? '',
            conversation_id: chat.conversationId ?? '',
            character_id: characterId,
            label,
            ...(comment ? { comment } : {}),
          }).unwrap()
        }
      />
      <CloneConversationModal
        open={Boolean(open.clone)}
        initialType="full"
        initialTitle={conversationTitle}
        onClose={() => show('clone', false)}
        onSubmit={onCloneSubmit}
      />
      <UpdateTitleModal
        open={Boolean(open.title)}
        initialTitle={conversationTitle}
        onClose={() => show('title', false)}
        onSave={async (label) => {
          const conversationId = chat.conversationId;
          if (!conversationId) throw new Error('The conversation is not saved yet.');
          const { result } = await rename({ conversationId, label }).unwrap();
          setSavedTitle({ conversationId, label: result.label });
        }}
      />
      <ConfirmationModal
        open={Boolean(open.block)}
        title={CHAT_TEXTS.blockConfirmTitle}
        message={CHAT_TEXTS.blockConfirmMessage(profile.creator_username)}
        confirmLabel={CHAT_TEXTS.block}
        destructive
        onConfirm={() => blockCreator({ creatorUserId: profile.creator_user_id, blocked: true }).unwrap()}
        onClose={() => show('block', false)}
      />
      <ConfirmationModal
        open={Boolean(open.unblock)}
        title={CHAT_TEXTS.unblockCreator}
        message={CHAT_TEXTS.unblockConfirmMessage(profile.creator_username)}
        confirmLabel={CHAT_TEXTS.unblock}
        onConfirm={async () => {
          await blockCreator({ creatorUserId: profile.creator_user_id, blocked: false }).unwrap();
          setFailure(null);
        }}
        onClose={() => show('unblock', false)}
      />
      {member && !isCreator && (
        <RateChatbotModal
          open={Boolean(open.rate)}
          onClose={() => show('rate', false)}
          characterId={characterId}
          current={profile.viewer.rating ?? null}
          conversationLength={state.messages.length}
        />
      )}
      <WhenOpened opened={Boolean(opened.models)}>
        <ModelSelectModal open={Boolean(open.models)} onClose={() => show('models', false)} />
      </WhenOpened>
      <WhenOpened opened={Boolean(opened.settings)}>
        <GenerationSettingsModal open={Boolean(open.settings)} onClose={() => show('settings', false)} />
      </WhenOpened>
      {chat.conversationId && (
        <>
          <WhenOpened opened={Boolean(opened.memories)}>
            <MemoryManagerModal conversationId={chat.conversationId} open={Boolean(open.memories)} onClose={() => show('memories', false)} />
          </WhenOpened>
          <WhenOpened opened={Boolean(opened.changePersona)}>
            <ChangePersonaModal conversationId={chat.conversationId} open={Boolean(open.changePersona)} onClose={() => show('changePersona', false)} />
          </WhenOpened>
        </>
      )}
      <WhenOpened opened={Boolean(opened.persona)}>
        <PersonaPicker
          botName={botName}
          open={Boolean(open.persona)}
          onChoose={(id) => {
            show('persona', false);
            setPersonaId(id);
          }}
          onClose={() => {
            show('persona', false);
            pendingSendRef.current = null;
          }}
        />
      </WhenOpened>
    </Screen>
  );
}
