import { Button, Spinner } from '@fable/shared';
import { ImageIcon } from '../icons';
import { IMAGE_TEXTS } from './imageTexts';
import type { ConversationImages } from './useConversationImages';

/** The composer's image button (document 1 §6 "Image button"): what it does is the rule's (useConversationImages). */
export function ImageButton({ images, disabled }: { images: ConversationImages; disabled: boolean }) {
  const drawingNew = images.drawing === 'new';
  const label = images.available ? IMAGE_TEXTS.button : IMAGE_TEXTS.buttonNeedsConversation;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      onClick={images.onButton}
      disabled={disabled || !images.available || images.drawing !== null}
      aria-label={label}
      title={label}
    >
      {drawingNew ? <Spinner size={16} label={IMAGE_TEXTS.drawing} /> : <ImageIcon />}
    </Button>
  );
}
