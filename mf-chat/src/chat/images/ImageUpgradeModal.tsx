import { UpgradePromptModal } from '../UpgradePromptModal';
import { IMAGE_TEXTS } from './imageTexts';

/**
 * The upgrade prompts for images (document 1 §2; §6 image button): the premium access prompt without
 * conversation_images, the top-tier prompt for what only I'm All In draws (private chatbots, trained models).
 */
export function ImageUpgradeModal({ open, onClose, tier }: { open: boolean; onClose: () => void; tier: 'premium' | 'top' }) {
  const text = tier === 'premium' ? IMAGE_TEXTS.premiumText : IMAGE_TEXTS.topTierText;
  return <UpgradePromptModal open={open} onClose={onClose} title={IMAGE_TEXTS.upgradeTitle} text={text} closeLabel={IMAGE_TEXTS.close} upgradeLabel={IMAGE_TEXTS.upgrade} />;
}
