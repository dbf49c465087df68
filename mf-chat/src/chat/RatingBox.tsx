import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { CHAT_LIMITS, type MessageRating } from '@fable/contracts';
import { CHAT_TEXTS } from './chatTexts';

/** The message ratings, lowest first (contracts MESSAGE_RATINGS; copied: entities/message.ts carries zod). */
export const RATINGS: readonly MessageRating[] = ['terrible', 'bad', 'great', 'fantastic'];
/** Low ratings ask what response was expected (contracts LOW_MESSAGE_RATINGS). */
export const LOW_RATINGS: readonly MessageRating[] = ['terrible', 'bad'];

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  margin-top: 6px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Chip = styled.button<{ $on?: boolean }>`
  font: inherit;
  padding: 3px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $on }) => ($on ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:disabled {
    cursor: default;
    opacity: 0.75;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

export interface RatingBoxProps {
  rating: MessageRating | null | undefined;
  /** Sends the rating (and, for a low one, the reason chip); rejects when not saved. */
  onRate: (label: MessageRating, reason?: string) => Promise<unknown>;
  /** The reason chips of a low rating (an image message has its own, document 1 §3); the reply's by default. */
  reasons?: readonly string[];
}

type Step = { kind: 'idle' } | { kind: 'askReason'; label: MessageRating } | { kind: 'thanks' };

/**
 * The rating box of a bot reply (document 1 §4): choosing a star sends the rating; low ratings (Terrible, Bad) ask
 * what response was expected with reason chips; after a label a thanks note shows 5 s. A rated message cannot be
 * rated again.
 */
export function RatingBox({ rating, onRate, reasons = CHAT_TEXTS.expectedReasons }: RatingBoxProps) {
  const [chosen, setChosen] = useState<MessageRating | null>(rating ?? null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step.kind !== 'thanks') return;
    const timer = setTimeout(() => setStep({ kind: 'idle' }), CHAT_LIMITS.ratingNoteMs);
    return () => clearTimeout(timer);
  }, [step]);

  const rated = chosen !== null;

  const rate = async (label: MessageRating) => {
    if (rated || busy) return;
    setBusy(true);
    try {
      await onRate(label);
      setChosen(label);
      setStep(LOW_RATINGS.includes(label) ? { kind: 'askReason', label } : { kind: 'thanks' });
    } catch {
      // not saved: the stars stay open
    } finally {
      setBusy(false);
    }
  };

  const giveReason = async (label: MessageRating, reason: string) => {
    setBusy(true);
    try {
      await onRate(label, reason);
    } catch {
      // the rating itself is saved; the reason is best effort
    } finally {
      setBusy(false);
      setStep({ kind: 'thanks' });
    }
  };

  return (
    <Box>
      <div role="group" aria-label={CHAT_TEXTS.rateMessage} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        {RATINGS.map((label) => (
          <Chip key={label} type="button" $on={chosen === label} aria-pressed={chosen === label} disabled={rated || busy} onClick={() => void rate(label)}>
            {CHAT_TEXTS.ratingLabels[label]}
          </Chip>
        ))}
      </div>
      {step.kind === 'askReason' && (
        <div role="group" aria-label={CHAT_TEXTS.expectedQuestion} style={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'center' }}>
          <span>{CHAT_TEXTS.expectedQuestion}</span>
          {reasons.map((reason) => (
            <Chip key={reason} type="button" disabled={busy} onClick={() => void giveReason(step.label, reason)}>
              {reason}
            </Chip>
          ))}
        </div>
      )}
      {step.kind === 'thanks' && <span role="status">{CHAT_TEXTS.ratingThanks}</span>}
    </Box>
  );
}
