import styled from '@emotion/styled';
import { Fragment, useState, type ReactNode } from 'react';
import { stripHtml, type ChatMessage, type MessageRating } from '@fable/contracts';
import { Avatar, Button, Spinner } from '@fable/shared';
import { CHAT_TEXTS } from './chatTexts';
import { alternateOptions, type StreamKind } from './conversationState';
import { GREETING_ID, isSavedMessage } from './greeting';
import { ImageMessage } from './images/ImageMessage';
import { IMAGE_TEXTS } from './images/imageTexts';
import { PlayButton, VoiceRating, type MessageVoiceActions } from './voice/VoiceControls';
import { RatingBox } from './RatingBox';
import type { TypingIndicator } from './useChatConversation';

export type PickMode = 'remove' | 'clone' | null;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Row = styled.li<{ $user: boolean; $picked: boolean; $dimmed: boolean }>`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  flex-direction: ${({ $user }) => ($user ? 'row-reverse' : 'row')};
  opacity: ${({ $dimmed }) => ($dimmed ? 0.45 : 1)};
  outline: ${({ theme, $picked }) => ($picked ? `2px solid ${theme.colors.primary}` : 'none')};
  outline-offset: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Bubble = styled.div<{ $user: boolean }>`
  max-width: min(720px, 100%);
  min-width: 0;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $user }) => ($user ? theme.colors.primarySoft : theme.colors.surface)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.5;
`;

const Name = styled.div`
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 2px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-top: 6px;
  align-items: center;
`;

const Editor = styled.textarea`
  width: 100%;
  min-height: 80px;
  font: inherit;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

const PickButton = styled.button`
  all: unset;
  display: block;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

export interface MessageListProps {
  messages: readonly ChatMessage[];
  stream: { kind: StreamKind; text: string } | null;
  typing: TypingIndicator;
  botName: string;
  botAvatar: string | null;
  /** A group chat: who each reply is from (its member, by character_id), and who the reply being written is from. */
  speakerOf?: (message: ChatMessage) => { name: string; avatarUrl: string | null };
  streamSpeaker?: { name: string; avatarUrl: string | null };
  userName: string;
  shownAltIndex: number | null;
  onPage: (delta: number) => void;
  mode: PickMode;
  picked: string | null;
  onPick: (id: string) => void;
  /** Members: rate and report saved replies. */
  canRateAndReport: boolean;
  /** Regenerate and Continue on the last reply (hidden while a turn runs). */
  turnActions: boolean;
  /** Regenerate and Continue offered at all (hidden while waiting in the waiting room); default true. */
  canRegenerate?: boolean;
  /** Rating offered (hidden while waiting in the waiting room); default true. */
  canRate?: boolean;
  onEdit: (id: string, content: string) => Promise<unknown>;
  onRate: (id: string, label: MessageRating, reason?: string) => Promise<unknown>;
  onReport: (id: string) => void;
  onRegenerate: () => void;
  onContinue: () => void;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Conversation images: the one whose prompt is edited, the one being drawn ('new': a new one). */
  images?: ImageMessageActions;
  /** Voices: Play / Stop on replies, and the voice rating under those played. */
  voice?: MessageVoiceActions;
  /** A list item shown after one message (the chat's ad, ads/useChatAd.tsx). */
  after?: { messageId: string; node: ReactNode } | null;
}

export interface ImageMessageActions {
  editingId: string | null;
  drawing: string | null;
  onEditPrompt: (id: string | null) => void;
  onGenerate: (id: string, prompt: string) => void;
  onOpenSettings: () => void;
}

/** The message list (document 1 §2 "Body"): Load Previous Messages, messages, the last reply's pager and actions. */
export function MessageList(props: MessageListProps) {
  const { messages, stream, typing, botName, botAvatar, userName, mode, picked, hasMore, loadingOlder, onLoadOlder, speakerOf } = props;
  const writer = props.streamSpeaker ?? { name: botName, avatarUrl: botAvatar };
  const lastIndex = messages.length - 1;
  const pickedIndex = picked ? messages.findIndex((m) => m.id === picked) : -1;
  const streamingInto = stream && (stream.kind === 'continue' || stream.kind === 'regenerate');

  return (
    <div>
      {hasMore && (
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 12 }}>
          <Button variant="secondary" size="sm" loading={loadingOlder} onClick={onLoadOlder}>
            {CHAT_TEXTS.loadPrevious}
          </Button>
        </div>
      )}
      <List aria-label="Messages" aria-live="polite" aria-busy={stream ? true : undefined}>
        {messages.map((message, index) => {
          const isLast = index === lastIndex;
          const dimmed = mode === 'remove' ? pickedIndex !== -1 && index >= pickedIndex : mode === 'clone' ? pickedIndex !== -1 && index > pickedIndex : false;
          let shown = message.content;
          if (isLast && message.role === 'assistant' && streamingInto && stream) {
            shown = stream.kind === 'continue' ? message.content + stream.text : stream.text || message.content;
          } else if (isLast && props.shownAltIndex !== null) {
            shown = alternateOptions(message)[props.shownAltIndex]?.content ?? message.content;
          }
          const from = message.role === 'user' ? { name: userName, avatarUrl: null } : (speakerOf?.(message) ?? { name: botName, avatarUrl: botAvatar });
          return (
            <Fragment key={message.id}>
              <MessageItem
                {...props}
                message={message}
                shownContent={shown}
                isLast={isLast}
                dimmed={dimmed}
                isPicked={picked === message.id}
                pickable={mode === 'remove' ? message.id !== GREETING_ID : mode === 'clone' && isSavedMessage(message)}
                name={from.name}
                avatar={from.avatarUrl}
              />
              {props.after?.messageId === message.id ? props.after.node : null}
            </Fragment>
          );
        })}
        {stream && stream.kind === 'reply' && (
          <Row $user={false} $picked={false} $dimmed={false}>
            <Avatar src={writer.avatarUrl} name={writer.name} size="sm" />
            <div style={{ minWidth: 0 }}>
              <Name>{writer.name}</Name>
              {stream.text ? <Bubble $user={false}>{stripHtml(stream.text)}</Bubble> : null}
            </div>
          </Row>
        )}
      </List>
      {props.images?.drawing === 'new' && (
        <p role="status" style={{ margin: '8px 0 0', fontSize: '0.85rem', opacity: 0.75 }}>
          {IMAGE_TEXTS.drawing}
        </p>
      )}
      {typing && (
        <p role="status" style={{ margin: '8px 0 0', fontSize: '0.85rem', opacity: 0.75 }}>
          {typing === 'autopilot' ? CHAT_TEXTS.suggesting : CHAT_TEXTS.typing(writer.name)}
        </p>
      )}
    </div>
  );
}

interface MessageItemProps extends MessageListProps {
  message: ChatMessage;
  shownContent: string;
  isLast: boolean;
  dimmed: boolean;
  isPicked: boolean;
  pickable: boolean;
  name: string;
  avatar: string | null;
}

function MessageItem({
  message,
  shownContent,
  isLast,
  dimmed,
  isPicked,
  pickable,
  name,
  avatar,
  mode,
  onPick,
  canRateAndReport,
  turnActions,
  canRegenerate = true,
  canRate = true,
  onEdit,
  onRate,
  onReport,
  onRegenerate,
  onContinue,
  shownAltIndex,
  onPage,
  images,
  voice,
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const user = message.role === 'user';
  const saved = isSavedMessage(message);
  const options = isLast && !user ? alternateOptions(message) : [];
  const isImage = Boolean(message.image_url);
  const editingImage = isImage && images?.editingId === message.id;

  const startEditing = () => {
    setDraft(message.content);
    setEditing(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      await onEdit(message.id, draft.trim());
      setEditing(false);
    } catch {
      // reverted by the page, which tells the user
    } finally {
      setSaving(false);
    }
  };

  const text = isImage ? (message.image_prompt ?? '') : stripHtml(shownContent);
  const body = isImage ? (
    <ImageMessage
      // A picture drawn again is veiled again when it is adult content.
      key={message.image_url}
      message={message}
      editing={editingImage}
      busy={images?.drawing === message.id}
      onOpenSettings={() => images?.onOpenSettings()}
      onGenerate={(prompt) => images?.onGenerate(message.id, prompt)}
      onCancel={() => images?.onEditPrompt(null)}
    />
  ) : editing ? (
    <div>
      <Editor aria-label={CHAT_TEXTS.edit} value={draft} onChange={(event) => setDraft(event.target.value)} />
      <Actions>
        <Button size="sm" disabled={!draft.trim()} loading={saving} onClick={() => void save()}>
          {CHAT_TEXTS.save}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
          {CHAT_TEXTS.cancel}
        </Button>
      </Actions>
    </div>
  ) : (
    <Bubble $user={user}>{text}</Bubble>
  );

  return (
    <Row $user={user} $picked={isPicked} $dimmed={dimmed} data-message-id={message.id}>
      {!user && <Avatar src={avatar} name={name} size="sm" />}
      <div style={{ minWidth: 0, maxWidth: '100%' }}>
        <Name style={{ textAlign: user ? 'right' : 'left' }}>{name}</Name>
        {pickable ? (
          <PickButton type="button" aria-pressed={isPicked} aria-label={`${name}: ${text.slice(0, 80)}`} onClick={() => onPick(message.id)}>
            {body}
          </PickButton>
        ) : (
          body
        )}
        {mode === null && !editing && (
          <Actions>
            {options.length > 1 && shownAltIndex !== null && (
              <div role="group" aria-label="Alternate replies" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <Button size="sm" variant="ghost" aria-label={CHAT_TEXTS.previousAlternate} disabled={!turnActions || shownAltIndex <= 0} onClick={() => onPage(-1)}>
                  ‹
                </Button>
                <span aria-live="polite">{CHAT_TEXTS.alternateOf(shownAltIndex + 1, options.length)}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={CHAT_TEXTS.nextAlternate}
                  disabled={!turnActions || shownAltIndex >= options.length - 1}
                  onClick={() => onPage(1)}
                >
                  ›
                </Button>
              </div>
            )}
            {isLast && user && saved && turnActions && canRegenerate && (
              // The reply to this message failed: ask for it again.
              <Button size="sm" variant="ghost" onClick={onRegenerate}>
                {CHAT_TEXTS.regenerate}
              </Button>
            )}
            {isLast && !user && !isImage && saved && turnActions && canRegenerate && (
              <>
                <Button size="sm" variant="ghost" onClick={onRegenerate}>
                  {CHAT_TEXTS.regenerate}
                </Button>
                <Button size="sm" variant="ghost" onClick={onContinue}>
                  {CHAT_TEXTS.continue}
                </Button>
              </>
            )}
            {isImage && saved && turnActions && images && !editingImage && (
              <Button size="sm" variant="ghost" onClick={() => images.onEditPrompt(message.id)}>
                {IMAGE_TEXTS.editPrompt}
              </Button>
            )}
            {saved && turnActions && !isImage && (
              <Button size="sm" variant="ghost" onClick={startEditing}>
                {CHAT_TEXTS.edit}
              </Button>
            )}
            {!user && !isImage && voice && (saved || voice.asksOnly) && <PlayButton messageId={message.id} voice={voice} />}
            {!user && saved && canRateAndReport && (
              <Button size="sm" variant="ghost" onClick={() => onReport(message.id)}>
                {CHAT_TEXTS.report}
              </Button>
            )}
          </Actions>
        )}
        {mode === null && voice?.voiceId && voice.played.includes(message.id) && <VoiceRating key={voice.voiceId} messageId={message.id} voiceId={voice.voiceId} />}
        {mode === null && !user && saved && canRateAndReport && canRate && !editing && (
          <RatingBox
            key={message.id}
            rating={message.rating}
            reasons={isImage ? IMAGE_TEXTS.imageReasons : undefined}
            onRate={(label, reason) => onRate(message.id, label, reason)}
          />
        )}
      </div>
    </Row>
  );
}

export function ListLoading() {
  return <Spinner label="Loading messages" center />;
}
