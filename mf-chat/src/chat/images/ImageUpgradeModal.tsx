import { Button, ButtonLink, Modal } from '@fable/shared';
import { SUBSCRIBE_PATH } from '../../subscribePath';
import { IMAGE_TEXTS } from './imageTexts';

/**
 * The upgrade prompts for images (document 1 §2; §6 image button): the premium access prompt without
 * conversation_images, the top-tier prompt for what only I'm All In draws (private chatbots, trained models).
 */
export function ImageUpgradeModal({ open, onClose, tier }: { open: boolean; onClose: () => void; tier: 'premium' | 'top' }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={IMAGE_TEXTS.upgradeTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {IMAGE_TEXTS.close}
          </Button>
          <ButtonLink to={SUBSCRIBE_PATH}>{IMAGE_TEXTS.upgrade}</ButtonLink>
        </>
      }
    >
      <p style={{ margin: 0 }}>{tier === 'premium' ? IMAGE_TEXTS.premiumText : IMAGE_TEXTS.topTierText}</p>
    </Modal>
  );
}
