import { CHAT_LANGUAGES, DEFAULT_CHAT_LANGUAGE, LANGUAGE_NAMES } from '@fable/contracts';
import { UpgradePromptModal } from '../UpgradePromptModal';
import { TRANSLATION_TEXTS } from './translationTexts';

/** The translation upgrade modal (document 1 §2 "an upgrade modal lists languages and benefits"; §6 Translate). */
export function TranslateUpgradeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <UpgradePromptModal
      open={open}
      onClose={onClose}
      title={TRANSLATION_TEXTS.upgradeTitle}
      text={TRANSLATION_TEXTS.upgradeIntro}
      closeLabel={TRANSLATION_TEXTS.close}
      upgradeLabel={TRANSLATION_TEXTS.upgrade}
    >
      <ul aria-label={TRANSLATION_TEXTS.languagesLabel} style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', listStyle: 'none', padding: 0, margin: '8px 0' }}>
        {CHAT_LANGUAGES.filter((l) => l !== DEFAULT_CHAT_LANGUAGE).map((l) => (
          <li key={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </li>
        ))}
      </ul>
      <ul aria-label={TRANSLATION_TEXTS.benefitsLabel} style={{ margin: '8px 0', paddingLeft: 20 }}>
        {TRANSLATION_TEXTS.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <p style={{ margin: 0, opacity: 0.8 }}>{TRANSLATION_TEXTS.publicTier}</p>
    </UpgradePromptModal>
  );
}
