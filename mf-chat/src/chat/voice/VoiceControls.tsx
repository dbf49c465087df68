import { useState } from 'react';
import type { VoiceDislikeReason, VoiceRating as Rating } from '@fable/contracts';
import { Button, useNotify } from '@fable/shared';
import { useChat_voiceFeedbackMutation } from './voiceApi';
import { VOICE_TEXTS } from './voiceTexts';

/** What the message list needs of voices (useVoice.ts). */
export interface MessageVoiceActions {
  voiceId: string | null;
  playing: { messageId: string; state: 'loading' | 'playing' } | null;
  played: readonly string[];
  onToggle: (messageId: string) => void;
  /** Play only asks (sign up, upgrade): shown on every reply, saved or not. */
  asksOnly: boolean;
}

/** A reply's Play / Stop (document 1 §4 "Audio per message: idle, play, stop"). */
export function PlayButton({ messageId, voice }: { messageId: string; voice: MessageVoiceActions }) {
  const state = voice.playing?.messageId === messageId ? voice.playing.state : 'idle';
  return (
    <Button size="sm" variant="ghost" aria-pressed={state !== 'idle'} loading={state === 'loading'} onClick={() => voice.onToggle(messageId)}>
      {state === 'idle' ? `▶ ${VOICE_TEXTS.play}` : `■ ${VOICE_TEXTS.stop}`}
    </Button>
  );
}

const REASONS = Object.entries(VOICE_TEXTS.reasons) as Array<[VoiceDislikeReason, string]>;

/** Voice rating (document 1 §4: Like, Dislike, Favorite; Dislike needs a sub-reason; Favorite is sent as love). */
export function VoiceRating({ messageId, voiceId }: { messageId: string; voiceId: string }) {
  const notify = useNotify();
  const [send, { isLoading }] = useChat_voiceFeedbackMutation();
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<Rating | null>(null);
  const rate = async (rating: Rating, reason?: VoiceDislikeReason) => {
    try {
      await send({ message_id: messageId, voice_id: voiceId, rating, ...(reason ? { reason } : {}) }).unwrap();
      setSent(rating);
      setAsking(false);
      notify.success(VOICE_TEXTS.feedbackThanks);
    } catch {
      notify.error(VOICE_TEXTS.feedbackFailed);
    }
  };
  return (
    <div role="group" aria-label={VOICE_TEXTS.rateLabel} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, marginTop: 4 }}>
      <span style={{ fontSize: '0.8125rem', opacity: 0.8 }}>{VOICE_TEXTS.rateLabel}</span>
      <Button size="sm" variant="ghost" aria-pressed={sent === 'like'} disabled={isLoading} onClick={() => void rate('like')}>
        {VOICE_TEXTS.like}
      </Button>
      <Button size="sm" variant="ghost" aria-pressed={sent === 'dislike' || asking} aria-expanded={asking} disabled={isLoading} onClick={() => setAsking((a) => !a)}>
        {VOICE_TEXTS.dislike}
      </Button>
      <Button size="sm" variant="ghost" aria-pressed={sent === 'love'} disabled={isLoading} onClick={() => void rate('love')}>
        {VOICE_TEXTS.favorite}
      </Button>
      {asking && (
        <div role="group" aria-label={VOICE_TEXTS.whatWrong} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, width: '100%' }}>
          {REASONS.map(([reason, label]) => (
            <Button key={reason} size="sm" variant="secondary" disabled={isLoading} onClick={() => void rate('dislike', reason)}>
              {label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
