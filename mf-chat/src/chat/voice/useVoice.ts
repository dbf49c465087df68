import { useEffect, useRef, useState } from 'react';
import { renewAccessToken, selectPermissions, selectSession, useAppDispatch, useAppSelector, useNotify } from '@fable/shared';
import { voiceAccess, type Tier, type VoiceAccess } from '@fable/contracts';
import type { ChatModal } from '../chatModals';
import { createSpeechPlayer, type PlaybackState, type SpeechPlayer } from './speechPlayer';
import { useChat_setConversationVoiceMutation } from './voiceApi';
import { VOICE_TEXTS } from './voiceTexts';

export interface ChatVoice {
  /** Who hears chatbots speak (document 1 §6 Voice). */
  access: VoiceAccess;
  /** The conversation's voice (a choice being saved shows at once, and goes back if saving fails). */
  voiceId: string | null;
  /** The message playing or loading, and which. */
  playing: { messageId: string; state: Exclude<PlaybackState, 'idle'> } | null;
  /** Messages played on this page (the voice rating shows under them). */
  played: readonly string[];
  /** Play or stop a message; without a voice, the Voice Selection opens and plays it once one is chosen. */
  toggle: (messageId: string) => void;
  /** Saves the conversation's voice; plays the message that asked for it, if any. */
  choose: (voiceId: string) => Promise<boolean>;
  /** The Voice Selection closed: a play waiting for a voice is dropped. */
  dismissed: () => void;
  saving: boolean;
}

/** The chat screen's voices: the rule, the conversation's voice, and playback over the realtime socket. */
export function useVoice(o: {
  member: boolean;
  tier: Tier | null;
  conversationId: string | null;
  conversationVoiceId: string | null;
  openModal: (modal: ChatModal) => void;
  askSignIn: () => void;
}): ChatVoice {
  const permissions = useAppSelector(selectPermissions);
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [saveVoice, { isLoading: saving }] = useChat_setConversationVoiceMutation();
  const access = voiceAccess({ permissions: o.member ? (permissions ?? []) : null, tier: o.member ? o.tier : null });
  // The voice chosen on this page, for its conversation; the loaded conversation's otherwise.
  const [chosen, setChosen] = useState<{ conversationId: string; voiceId: string | null } | null>(null);
  const voiceId = chosen && chosen.conversationId === o.conversationId ? chosen.voiceId : o.conversationVoiceId;
  const [playing, setPlaying] = useState<ChatVoice['playing']>(null);
  const [played, setPlayed] = useState<string[]>([]);
  const pendingPlay = useRef<string | null>(null);
  const player = useRef<SpeechPlayer | null>(null);
  const renewed = useRef(false);
  const latest = useRef({ voiceId });
  useEffect(() => {
    latest.current = { voiceId };
  });

  useEffect(() => () => player.current?.close(), []);
  // Another conversation on screen: what played in the last one stops, and a play waiting for a voice is dropped.
  useEffect(
    () => () => {
      player.current?.stop();
      pendingPlay.current = null;
    },
    [o.conversationId],
  );

  const currentSession = () => dispatch((_dispatch, getState) => selectSession(getState()));
  /** `retry`: the play again after a renewed token (it does not renew a second time). */
  const start = (messageId: string, voice: string, retry = false) => {
    const now = currentSession();
    const token = now.accessToken;
    if (!token) return;
    player.current ??= createSpeechPlayer({
      state: (id, state) => setPlaying(state === 'idle' ? (p) => (p?.messageId === id ? null : p) : { messageId: id, state }),
      failed: (id, code, message) => {
        // An access token that expired on the way: renewed once, and the message played again if that worked.
        if (code === 'token_expired' && !renewed.current) {
          renewed.current = true;
          void dispatch(renewAccessToken()).then((ok) => (ok ? start(id, latest.current.voiceId ?? voice, true) : notify.error(VOICE_TEXTS.playFailed)));
          return;
        }
        notify.error(message || VOICE_TEXTS.playFailed);
      },
    });
    if (!retry) renewed.current = false;
    setPlayed((p) => (p.includes(messageId) ? p : [...p, messageId]));
    void player.current.play({ messageId, voiceId: voice, accessToken: token, applicationId: now.applicationId ?? null });
  };

  const toggle = (messageId: string) => {
    if (access === 'sign_up') return o.askSignIn();
    if (access === 'upgrade') return o.openModal({ kind: 'voiceUpgrade' });
    if (playing?.messageId === messageId) {
      player.current?.stop();
      return;
    }
    if (!voiceId) {
      pendingPlay.current = messageId;
      o.openModal({ kind: 'voice' });
      return;
    }
    start(messageId, voiceId);
  };

  const choose = async (next: string) => {
    const conversationId = o.conversationId;
    if (!conversationId) return false;
    const previous = voiceId;
    setChosen({ conversationId, voiceId: next });
    try {
      await saveVoice({ conversationId, voiceId: next }).unwrap();
      notify.success(VOICE_TEXTS.selected);
      const waiting = pendingPlay.current;
      pendingPlay.current = null;
      if (waiting) start(waiting, next);
      return true;
    } catch {
      setChosen({ conversationId, voiceId: previous });
      // §8's text, whatever the API said.
      notify.error(VOICE_TEXTS.updateFailed);
      return false;
    }
  };

  const dismissed = () => {
    pendingPlay.current = null;
  };

  return { access, voiceId, playing, played, toggle, choose, dismissed, saving };
}
