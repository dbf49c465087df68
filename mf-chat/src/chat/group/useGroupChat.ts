import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CharacterProfile, ChatMessage, Tier } from '@fable/contracts';
import { selectFeatureOn, useAppSelector } from '@fable/shared';
import { isSavedMessage } from '../greeting';
import {
  AUTO_RESPONSE_CAP,
  AUTO_RESPONSE_DELAY_MS,
  AUTO_SPEAKER,
  autoResponseAccess,
  groupMembersOf,
  readAutoResponse,
  speakerOf,
  writeAutoResponse,
  type Speaker,
} from './groupMembers';

export interface GroupChatOptions {
  characterId: string;
  profile: CharacterProfile | undefined;
  member: boolean;
  tier: Tier | null;
  /** A turn is running. */
  streaming: boolean;
  /** The member writing the running turn's reply, once the stream's start named it (null: not yet, or not named). */
  streamSpeakerId: string | null;
  /** The newest message on screen. */
  lastMessage: ChatMessage | undefined;
  /** The last turn failed. */
  failed: boolean;
  /** The input's text. */
  input: string;
  /** A member (its id) or the group (AUTO) speaks now, without a message of the user's. */
  speak: (speaker: string) => void;
  stop: () => void;
  askSignIn: () => void;
}

/**
 * A group chat's parts of the chat screen (document 1 §2, §6): its members and who each reply is from, who speaks
 * next (the strip and Next), and Auto Response. With Auto Response on (top tier), after each reply the group goes on
 * by itself (AUTO) up to AUTO_RESPONSE_CAP replies in a row after a turn of the user's; it stops at once when the user
 * types (the reply it is writing is stopped too), presses Stop, or leaves the page, and after a failure. Null parts
 * for a chatbot.
 */
export function useGroupChat(o: GroupChatOptions) {
  const members = useMemo(() => groupMembersOf(o.profile), [o.profile]);
  const isGroup = members !== null;
  // The deployment's groupchat flag (document 1 §6 "Feature flags"); the standalone harness has no deployment and gates nothing.
  const flagOn = useAppSelector((state) => selectFeatureOn(state, 'groupchat'));
  const group: Speaker = useMemo(() => ({ name: o.profile?.name ?? '', avatarUrl: o.profile?.avatar_url ?? null }), [o.profile?.name, o.profile?.avatar_url]);
  const [autoResponse, setAutoResponse] = useState(() => readAutoResponse(o.characterId));
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  /** The member asked to speak in the turn now running (null: the group chooses). */
  const [asked, setAsked] = useState<string | null>(null);

  // The chain of automatic replies: how many may still come, and whether the running turn is one of them.
  const chain = useRef({ left: 0, autoTurn: false });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(o);
  useLayoutEffect(() => {
    latest.current = o;
  });
  const allowed = autoResponseAccess(o.member, o.tier) === 'allowed';
  const autoOn = isGroup && flagOn && autoResponse && allowed;
  const autoOnRef = useRef(autoOn);
  useLayoutEffect(() => {
    autoOnRef.current = autoOn;
  });

  const cancelPending = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const endChain = useCallback(() => {
    cancelPending();
    chain.current.left = 0;
  }, [cancelPending]);

  /** A turn of the user's (a message, a pick, Next): the chain may run again after its reply. */
  const userTurn = useCallback(
    (speaker: string | null) => {
      cancelPending();
      chain.current = { left: autoOnRef.current ? AUTO_RESPONSE_CAP : 0, autoTurn: false };
      setAsked(speaker);
    },
    [cancelPending],
  );

  // After a reply (a new saved reply at the end, the turn over): the next member answers by itself while the chain lasts.
  const lastReplyId = o.lastMessage?.role === 'assistant' && isSavedMessage(o.lastMessage) ? o.lastMessage.id : null;
  const handled = useRef<string | null>(lastReplyId);
  useEffect(() => {
    if (o.streaming || lastReplyId === handled.current) return;
    handled.current = lastReplyId;
    if (lastReplyId === null) return;
    if (!autoOnRef.current || chain.current.left <= 0 || latest.current.input.trim() !== '') {
      endChain();
      return;
    }
    cancelPending();
    timer.current = setTimeout(() => {
      timer.current = null;
      if (!autoOnRef.current || chain.current.left <= 0 || latest.current.streaming) return;
      chain.current = { left: chain.current.left - 1, autoTurn: true };
      setAsked(null);
      latest.current.speak(AUTO_SPEAKER);
    }, AUTO_RESPONSE_DELAY_MS);
  }, [o.streaming, lastReplyId, endChain, cancelPending]);

  // A failed turn ends the chain.
  useEffect(() => {
    if (o.failed) endChain();
  }, [o.failed, endChain]);

  // Leaving the page ends the chain (the turn itself is stopped by the conversation).
  useEffect(() => cancelPending, [cancelPending]);

  /** The user typed: no more automatic replies, and the one being written stops. */
  const onType = useCallback(
    (text: string) => {
      if (text.trim() === '') return;
      const running = chain.current.autoTurn && latest.current.streaming;
      endChain();
      chain.current.autoTurn = false;
      if (running) latest.current.stop();
    },
    [endChain],
  );

  const toggleAutoResponse = useCallback(() => {
    const access = autoResponseAccess(latest.current.member, latest.current.tier);
    if (access === 'signIn') return latest.current.askSignIn();
    if (access === 'upgrade') return setUpgradeOpen(true);
    setAutoResponse((on) => {
      writeAutoResponse(latest.current.characterId, !on);
      return !on;
    });
    endChain();
  }, [endChain]);

  const speakerView = useCallback((message: ChatMessage) => speakerOf(message, members ?? [], group), [members, group]);
  // The reply being written is shown from the member the stream named (AUTO's choice included), from the first token;
  // before the stream's start (and from an older server that names none), the member asked for, else the group.
  const memberOf = (id: string | null) => (id ? members?.find((m) => m.id === id) : undefined);
  const streamMember = memberOf(o.streamSpeakerId) ?? memberOf(asked);
  const streamSpeaker: Speaker = useMemo(() => (streamMember ? { name: streamMember.name, avatarUrl: streamMember.avatar_url ?? null } : group), [streamMember, group]);

  return {
    members,
    isGroup,
    /** Enable/Disable Auto Response is in the options menu: a group chat behind the groupchat flag. */
    autoResponseOffered: isGroup && flagOn,
    /** Shown as on: a group chat, the toggle on, and the caller may use it. */
    autoResponse: autoOn,
    toggleAutoResponse,
    upgradeOpen,
    closeUpgrade: () => setUpgradeOpen(false),
    speakerView,
    streamSpeaker,
    userTurn,
    onType,
    /** The user pressed Stop. */
    onStop: endChain,
  };
}

export type GroupChat = ReturnType<typeof useGroupChat>;
