import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorOf, Button, Modal } from '@fable/shared';
import type { ImageTrainingState } from '@fable/contracts';
import { useChat_trainCharacterMutation } from './conversationImagesApi';
import { IMAGE_TEXTS } from './imageTexts';

const Note = styled.p<{ $tone?: 'success' | 'error' }>`
  margin: 0 0 10px;
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'error' ? theme.colors.error : theme.colors.text)};
`;

type Shown = { state: Exclude<ImageTrainingState, 'submitting'>; count?: number; detail?: string | null };

/**
 * Chatbot Image Training (document 1 §2 modals; §4 "Image training request: idle, submitting, success (shows queue
 * count), error, or already pending"; §7 POST characters/train → count; §8 its error text; §9 at most 4 a day).
 */
export function ImageTrainingModal({ open, onClose, characterId, characterName }: { open: boolean; onClose: () => void; characterId: string; characterName: string }) {
  return open ? <OpenImageTrainingModal onClose={onClose} characterId={characterId} characterName={characterName} /> : null;
}

function OpenImageTrainingModal({ onClose, characterId, characterName }: { onClose: () => void; characterId: string; characterName: string }) {
  const [train, { isLoading: submitting }] = useChat_trainCharacterMutation();
  const [shown, setShown] = useState<Shown>({ state: 'idle' });

  const submit = async () => {
    try {
      const { count } = await train(characterId).unwrap();
      setShown({ state: 'success', count });
    } catch (error) {
      const info = apiErrorOf(error);
      if (info.code === 'image_training_pending') setShown({ state: 'already_pending' });
      // The spec's text, and what the server said when it said something more (the daily limit, a trained chatbot).
      else setShown({ state: 'error', detail: info.message !== IMAGE_TEXTS.trainingError ? info.message : null });
    }
  };

  const done = shown.state === 'success' || shown.state === 'already_pending';
  return (
    <Modal
      open
      onClose={onClose}
      title={IMAGE_TEXTS.trainingTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {IMAGE_TEXTS.close}
          </Button>
          {!done && (
            <Button onClick={() => void submit()} loading={submitting}>
              {submitting ? IMAGE_TEXTS.trainingSubmitting : IMAGE_TEXTS.trainingSubmit}
            </Button>
          )}
        </>
      }
    >
      <div role="status" aria-live="polite">
        {shown.state === 'success' && <Note $tone="success">{IMAGE_TEXTS.trainingSuccess(shown.count ?? 1)}</Note>}
        {shown.state === 'already_pending' && <Note>{IMAGE_TEXTS.trainingPending}</Note>}
        {shown.state === 'error' && (
          <Note $tone="error">
            {IMAGE_TEXTS.trainingError}
            {shown.detail ? ` ${shown.detail}` : ''}
          </Note>
        )}
      </div>
      {!done && <Note>{IMAGE_TEXTS.trainingIntro(characterName)}</Note>}
      <Note>{IMAGE_TEXTS.trainingDuration}</Note>
      <Note style={{ marginBottom: 0 }}>{IMAGE_TEXTS.trainingLimit}</Note>
    </Modal>
  );
}

export default ImageTrainingModal;
