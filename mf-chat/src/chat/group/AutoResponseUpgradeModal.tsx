import { UpgradePromptModal } from '../UpgradePromptModal';
import { GROUP_TEXTS } from './groupTexts';

/** The upgrade prompt for Auto Response (document 1 §2 "upgrade prompts for … auto response", §6: top tier only). */
export function AutoResponseUpgradeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <UpgradePromptModal open={open} onClose={onClose} title={GROUP_TEXTS.upgradeTitle} text={GROUP_TEXTS.upgradeText} closeLabel={GROUP_TEXTS.close} upgradeLabel={GROUP_TEXTS.upgrade} />;
}
