import { useState } from 'react';
import { Button, Modal, useNotify } from '@fable/shared';
import { useCharacters_rateMutation } from '@fable/shared/characters';

type ChatbotRatingValue = 1 | 3 | 5;
/** Chatbot rating values: like 3, dislike 1, love 5 (document 1 §3). */
const CHOICES: readonly { value: ChatbotRatingValue; label: string }[] = [
  { value: 1, label: 'Dislike' },
  { value: 3, label: 'Like' },
  { value: 5, label: 'Love' },
];
export const RATE_TEXTS = { title: 'Rate Chatbot', done: 'Done', submitted: 'Rating Submitted', failed: 'Failed to submit rating' } as const;

/** Rate Chatbot (document 1 §2, §4): Done disabled when nothing selected or unchanged; §8 toasts. */
interface RateChatbotModalProps {
  open: boolean;
  onClose: () => void;
  characterId: string;
  current: number | null;
  conversationLength: number;
}

export function RateChatbotModal(props: RateChatbotModalProps) {
  // Its state lives only while it is open: each opening starts on the current rating.
  return props.open ? <OpenRateChatbotModal key={props.current ?? 'none'} {...props} /> : null;
}

function OpenRateChatbotModal({ open, onClose, characterId, current, conversationLength }: RateChatbotModalProps) {
  const [choice, setChoice] = useState<number | null>(current);
  const [rate, { isLoading }] = useCharacters_rateMutation();
  const notify = useNotify();
  const done = async () => {
    if (choice !== 1 && choice !== 3 && choice !== 5) return;
    try {
      await rate({ characterId, rating: choice, conversationLength }).unwrap();
      notify.success(RATE_TEXTS.submitted);
      onClose();
    } catch {
      notify.error(RATE_TEXTS.failed);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={RATE_TEXTS.title}
      size="sm"
      footer={
        <Button disabled={choice === null || choice === current} loading={isLoading} onClick={() => void done()}>
          {RATE_TEXTS.done}
        </Button>
      }
    >
      <div role="radiogroup" aria-label={RATE_TEXTS.title} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {CHOICES.map(({ value, label }) => (
          <Button key={value} role="radio" aria-checked={choice === value} variant={choice === value ? 'primary' : 'secondary'} onClick={() => setChoice(value)}>
            {label}
          </Button>
        ))}
      </div>
    </Modal>
  );
}
