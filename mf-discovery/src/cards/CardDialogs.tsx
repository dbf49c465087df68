import { Button, ConfirmationModal, Modal } from '@fable/shared';
import type { CharacterSummary } from '../discoveryApi';
import type { CardDialog } from './CardActions';
import { CARD_TEXTS } from './cardTexts';

export interface CardDialogsProps {
  dialog: CardDialog | null;
  onClose: () => void;
  onConfirmBlock: (character: CharacterSummary) => Promise<void>;
}

/** The error modal ("Error" with Close, document 1 §2) and the Block Creator confirmation of the card actions. */
export default function CardDialogs({ dialog, onClose, onConfirmBlock }: CardDialogsProps) {
  return (
    <>
      <Modal
        open={dialog?.kind === 'error'}
        onClose={onClose}
        title={CARD_TEXTS.errorTitle}
        size="sm"
        showCloseButton={false}
        footer={<Button onClick={onClose}>{CARD_TEXTS.close}</Button>}
      >
        {dialog?.kind === 'error' ? <p role="alert">{dialog.message}</p> : null}
      </Modal>
      <ConfirmationModal
        open={dialog?.kind === 'block'}
        title={CARD_TEXTS.blockTitle}
        message={dialog?.kind === 'block' ? CARD_TEXTS.blockMessage(dialog.character.creator_username) : undefined}
        confirmLabel={CARD_TEXTS.blockConfirm}
        destructive
        onConfirm={() => (dialog?.kind === 'block' ? onConfirmBlock(dialog.character) : undefined)}
        onClose={onClose}
      />
    </>
  );
}
